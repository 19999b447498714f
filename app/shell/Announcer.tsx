import { useEffect, useState } from 'react';
import type { LabReport } from '../../engine/report.ts';
import { formatEps, formatNumber, formatWork } from '../ui/format.ts';
import { useLab } from '../state/store/index.ts';

/** How long the figures must rest before they are read out, so a dragged slider is not narrated. */
export const ANNOUNCE_DELAY_MS = 900;

/** The key figures of a report in one sentence, for screen readers. */
export function announcement(report: LabReport): string {
  const w = report.work;
  const parts = [
    `T = ${report.steps}, P = ${report.parameters}.`,
    `Work per gradient in passes: reverse ${formatWork(w.reverse)}, forward ${formatWork(w.forward)}, central differences ${formatWork(w.finiteDifference)}, checkpointed ${formatWork(w.checkpointed)}.`,
    `Forward matches reverse to ${formatNumber(report.errors.forwardVsReverseMax)}.`,
    `Finite-difference RMS error ${formatNumber(report.errors.finiteDifferenceRms)} at h = ${formatEps(report.eps)}${report.bestEps ? `; best h ${formatEps(report.bestEps)}` : ''}.`,
    `Checkpointing stores ${report.checkpoint.storedStates} of ${report.checkpoint.fullTapeStates} states.`,
  ];
  // The numerical notes are read here, once settled, rather than from their box: a live box would
  // read them out on every report of a drag, as their numbers change.
  if (report.warnings.length > 0) parts.push(`Numerical notes: ${report.warnings.join('; ')}.`);
  return parts.join(' ');
}

/** A visually hidden live region that reads out the key figures once they have settled. */
export function Announcer() {
  const report = useLab((s) => s.report);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!report) return;
    const timer = window.setTimeout(() => setText(announcement(report)), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [report]);
  return (
    <div className="sr-only announcer" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}
