import { formatBytes, formatWork, plural } from '../../ui/format.ts';
import { useLab } from '../../state/store/index.ts';

/**
 * The schedule's counters beside every step recorded (the frontier's stride-T point: one segment).
 * Items are stored states, recorded steps and the working state (engine/checkpoint/bytes.ts).
 */
export function CheckpointCounts() {
  const report = useLab((s) => s.report);
  const cp = report?.checkpoint ?? null;
  const full = cp?.frontier?.periodic.at(-1) ?? null;
  const rows: { label: string; full: string; schedule: string }[] = cp
    ? [
        { label: 'items held at once', full: String(cp.fullTapeStates), schedule: String(cp.storedStates) },
        { label: 'bytes held at peak', full: formatBytes(cp.fullTapeBytes), schedule: formatBytes(cp.peakBytes) },
        {
          label: 'step evaluations',
          full: report ? String(report.counts.reverseStepEvaluations) : '—',
          schedule: String(cp.stepEvaluations),
        },
        { label: 'recomputed steps', full: full ? String(full.recomputedSteps) : '—', schedule: String(cp.recomputedSteps) },
        { label: 'work (passes)', full: report ? formatWork(report.work.reverse) : '—', schedule: formatWork(cp.workUnits) },
      ]
    : [];
  const name = cp ? (cp.schedule === 'periodic' ? `stride ${cp.stride}` : plural(cp.snapshots ?? 0, 'snapshot')) : '';
  return (
    <table className="counts checkpoint-counts">
      <caption>Against every step recorded (items: stored states, recorded steps and the working state)</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="sr-only">figure</span>
          </th>
          <th scope="col">every step recorded</th>
          <th scope="col" className="col-checkpoint">
            {name}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.full}</td>
            <td className="col-checkpoint">{row.schedule}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
