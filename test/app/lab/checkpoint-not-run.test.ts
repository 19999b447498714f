import { describe, expect, it } from 'vitest';
import { checkpointNotRunSentence } from '../../../app/lab/notRun.ts';
import { jacobianSkippedText } from '../../../app/sections/tradeoffs/skippedText.ts';
import { runLab } from '../../../engine/lab.ts';
import { CHAIN_DEFAULTS } from '../../../engine/settings-table.ts';

describe('what the page says of a part left out for its cost', () => {
  it('names the checkpointed sweep and the frontier of a 100,000-step revolve with one snapshot, with their estimates', () => {
    const r = runLab({ ...CHAIN_DEFAULTS, steps: 100_000, schedule: 'revolve', snapshots: 1, include: { tangents: false, workCurve: false } });
    const est = r.checkpoint.estimates!;
    expect(checkpointNotRunSentence('run', est.run!, r.steps)).toMatch(
      /^The checkpointed sweep is not run at T = 100,000: its 5,000,050,000 step evaluations would take ≈ \d+ min, estimated at a nominal rate; the counts shown are a dry run’s\.$/,
    );
    expect(checkpointNotRunSentence('frontier', est.frontier!, r.steps)).toMatch(/^The frontier is not run at T = 100,000: its 200,000 schedules .* would take ≈ [\d.]+ h, estimated at a nominal rate\.$/);
    expect(checkpointNotRunSentence('run', { count: 10, ms: 2500, fromSteps: 128 }, 40)).toContain('≈ 2.5 s, estimated from a timed run at 128 steps');
  });

  it('lists the Jacobian points not timed, eliding a long list', () => {
    expect(jacobianSkippedText(null)).toBeNull();
    expect(jacobianSkippedText({ outputs: [1, 1000], ms: 4200 })).toBe('Not timed at M = 1, 1000 (2 points): timing them would take ≈ 4.2 s, estimated from one call of each mode.');
    expect(jacobianSkippedText({ outputs: [1, 68, 134, 201, 267, 334, 400], ms: 51_000 })).toBe(
      'Not timed at M = 1, 68, 134, 201, 267, … 400 (7 points): timing them would take ≈ 51 s, estimated from one call of each mode.',
    );
  });
});
