import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { fmtBytes } from '../../cli/table.ts';
import { defaultParams } from '../../engine/chain.ts';
import {
  countSchedule,
  memoryParts,
  periodicActions,
  periodicPeakItems,
  periodicPeakStates,
  revolveActions,
  revolvePeakItems,
  revolvePeakStates,
  scheduleSummary,
} from '../../engine/index.ts';
import { tradeoffsFigures } from '../../engine/tradeoffs/report.ts';
import { CheckpointCounts } from '../../app/lab/panels/CheckpointCounts.tsx';
import { Summary } from '../../app/lab/Summary.tsx';
import { useLab } from '../../app/state/store/index.ts';
import { formatBytes } from '../../app/ui/format.ts';
import { labReport } from './fixture.ts';

/**
 * Issue 44, one memory model: every size of the same thing at the same settings is the same
 * number on every screen and in every command. Each place that shows a size is read here, from
 * the value it prints (the engine's field for the lesson's figures, the rendered markup for the
 * lab's panels, the text for the commands) and compared with the model's named parts.
 */
const T = 40;
const parts = memoryParts(T);

/** What the command line prints for argv. */
function cli(...argv: string[]): string {
  let out = '';
  let err = '';
  const code = main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  expect(err, argv.join(' ')).toBe('');
  expect(code).toBe(0);
  return out;
}

afterAll(() => {
  useLab.setState(useLab.getInitialState(), true);
});

describe('one memory model at T = 40', () => {
  it('names the parts: the tape is x₀ and c, 14 nodes a step (a_t, b_t and 12 primitives) and the loss’s 3, of 40 bytes each', () => {
    expect(parts.tape).toEqual({ sharedLeafNodes: 2, stepLeafNodes: 2, stepPrimitiveNodes: 12, stepNodes: 14, lossNodes: 3, nodes: 565, bytes: 22_600 });
    expect(parts.nodeBytes).toBe(40);
    expect([parts.storedStateBytes, parts.workingStateBytes, parts.recordedStepBytes, parts.lastRecordedStepBytes]).toEqual([8, 8, 640, 760]);
    // A recorded step repeats x_t and c, which the tape records once: 16 nodes against 14.
    expect(parts.recordedStepNodes * parts.nodeBytes).toBe(parts.recordedStepBytes);
    expect(parts.allStepsRecorded).toEqual({ items: 41, bytes: 40 * 640 + 120 + 8 });
    // The difference: x_t and c again on each of the T recorded steps (2T − 2 nodes more) and the working state.
    expect(parts.allStepsRecorded.bytes - parts.tape.bytes).toBe((T * 2 - 2) * parts.nodeBytes + parts.workingStateBytes);
  });

  it('the tape: the lab run (chapter 7, run), the truncation and the fusion (tradeoffs, chapter 10) count the same bytes', () => {
    const r = labReport({ steps: T }, { sweep: false, tangents: false, frontier: false, workCurve: false, thirdDerivatives: false });
    expect(r.counts.tapeNodes).toBe(parts.tape.nodes);
    expect(r.counts.tapeNodes * r.counts.bytesPerNode).toBe(parts.tape.bytes);
    const f = tradeoffsFigures(defaultParams(T), { window: 10, outputs: 5 });
    expect(f.truncation.fullTapeNodes).toBe(parts.tape.nodes);
    expect(f.truncation.fullTapeBytes).toBe(parts.tape.bytes);
    expect(f.fusion.primitive).toEqual({ nodes: parts.tape.nodes, bytes: parts.tape.bytes });
  });

  it('every step recorded: the checkpoint report (lab summary, counts table), saving in the sweep (tradeoffs, chapter 10) and schedule stride T are one number', () => {
    const r = labReport({ steps: T });
    expect(r.checkpoint.fullTapeBytes).toBe(parts.allStepsRecorded.bytes);
    expect(r.checkpoint.fullTapeStates).toBe(parts.allStepsRecorded.items);
    // Chapter 8's choice of a checkpoint's width is labelled with these: one number, or as wide as a recorded step.
    expect(r.checkpoint.stateBytesByWidth).toEqual({ scalar: parts.storedStateBytes, wide: parts.recordedStepBytes });
    const f = tradeoffsFigures(defaultParams(T), { window: 10, outputs: 5 });
    expect(f.recompute.saved.bytes).toBe(parts.allStepsRecorded.bytes);
    const s = scheduleSummary(T, { schedule: 'periodic', stride: T });
    expect([s.peakBytes, s.fullTapeBytes, s.peakStates]).toEqual([parts.allStepsRecorded.bytes, parts.allStepsRecorded.bytes, parts.allStepsRecorded.items]);
    // Stride 1 and recomputing each step in the sweep hold the same bytes too.
    expect(f.recompute.recomputed.bytes).toBe(scheduleSummary(T, { schedule: 'periodic', stride: 1 }).peakBytes);
  });

  it('the lab’s summary and checkpoint table print those numbers, as run and tradeoffs print them', () => {
    const r = labReport({ steps: T });
    useLab.setState(useLab.getInitialState(), true);
    useLab.getState().receiveReport(r, 1);
    const summary = renderToStaticMarkup(<Summary />);
    const all = formatBytes(parts.allStepsRecorded.bytes);
    const tape = formatBytes(parts.tape.bytes);
    expect(fmtBytes(parts.allStepsRecorded.bytes)).toBe(all);
    expect(fmtBytes(parts.tape.bytes)).toBe(tape);
    expect(summary).toContain(`${formatBytes(r.checkpoint.peakBytes)}; every step recorded ${all};`);
    const counts = renderToStaticMarkup(<CheckpointCounts />);
    expect(counts).toContain('<th scope="col">every step recorded</th>');
    expect(counts).toMatch(new RegExp(`bytes held at peak</th><td>${all.replace('.', '\\.')}</td>`));
    expect(counts).toContain('stored states, recorded steps and the working state');

    const run = cli('run', '--steps', String(T), '--quiet');
    const k = r.checkpoint.peakItems;
    expect(run).toContain(`${parts.allStepsRecorded.items} items with every step recorded → ${r.checkpoint.storedStates} held at most (${k.storedStates} stored states, ${k.recordedSteps} recorded steps and the working state)`);
    expect(run).toContain(`against ${all} with every step recorded (the tape of the whole chain, which shares x_t and c between steps: ${parts.tape.nodes} nodes, ${tape})`);
    expect(run).toContain(`a recorded step ${parts.recordedStepBytes} B (${parts.lastRecordedStepBytes} B with the loss), the working state ${parts.workingStateBytes} B`);

    const trade = cli('tradeoffs', '--budget', '2', '--quiet');
    expect(trade).toMatch(new RegExp(`whole tape \\(K = ${T}\\) +0 +${parts.tape.nodes} +${tape.replace('.', '\\.')}`));
    expect(trade).toMatch(new RegExp(`twelve primitives a step +${parts.tape.nodes} +${tape.replace('.', '\\.')}`));
    expect(trade).toMatch(new RegExp(`saved: every step recorded +${all.replace('.', '\\.')} +${T}\\b`));
    expect(trade).toContain(`Every step recorded is above the whole tape (${tape})`);
  });

  it('held items by kind add up to the executor’s peak: 5 stored states, 6 recorded steps and the working state at T = 36, stride 6', () => {
    expect(periodicPeakItems(36, 6)).toEqual({ storedStates: 5, recordedSteps: 6, workingState: 1 });
    for (const steps of [1, 2, 7, 36, 40]) {
      for (let k = 1; k <= steps; k++) {
        const p = periodicPeakItems(steps, k);
        const c = countSchedule(steps, periodicActions(steps, k));
        const counted = c.storedStates;
        expect(c.peakItems, `T = ${steps}, k = ${k}`).toEqual(p);
        expect(p.storedStates + p.recordedSteps + p.workingState, `T = ${steps}, k = ${k}`).toBe(counted);
        expect(periodicPeakStates(steps, k)).toBe(counted);
      }
      for (let s = 1; s <= steps; s++) {
        const p = revolvePeakItems(steps, s);
        const c = countSchedule(steps, revolveActions(steps, s));
        const counted = c.storedStates;
        expect(c.peakItems, `T = ${steps}, s = ${s}`).toEqual(p);
        expect(p.storedStates + p.recordedSteps + p.workingState, `T = ${steps}, s = ${s}`).toBe(counted);
        expect(revolvePeakStates(steps, s)).toBe(counted);
      }
    }
  });
});
