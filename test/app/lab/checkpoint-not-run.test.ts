import { describe, expect, it } from 'vitest';
import { checkpointNotRunSentence, notRunSentence } from '../../../app/lab/notRun.ts';
import { estimatePart } from '../../../engine/cost-plan.ts';
import { jacobianSkippedText } from '../../../app/sections/tradeoffs/skippedText.ts';
import { runLab } from '../../../engine/lab.ts';
import { CHAIN_DEFAULTS } from '../../../engine/settings-table.ts';

describe('what the page says of a part left out for its cost', () => {
  it('names the checkpointed sweep and the frontier of a 100,000-step revolve with one snapshot, with their estimates', () => {
    const r = runLab({ ...CHAIN_DEFAULTS, steps: 100_000, schedule: 'revolve', snapshots: 1, include: { tangents: false, workCurve: false } });
    const est = r.checkpoint.estimates!;
    expect(checkpointNotRunSentence('run', est.run!, r.steps)).toBe(
      'The checkpointed sweep is not run at T = 100,000: its 5,000,050,000 step evaluations would take ≈ 17 min at a nominal rate (it runs up to 5,000,000); the counts shown are a dry run’s.',
    );
    expect(checkpointNotRunSentence('frontier', est.frontier!, r.steps)).toMatch(/^The frontier is not run at T = 100,000: its 200,000 schedules .* would take ≈ [\d.]+ h at a nominal rate \(it runs up to 1,000 steps\)\.$/);
  });

  it('says a method past its step limit is left out, with its counted work, in the same words every time', () => {
    expect(notRunSentence('forward', estimatePart('forward', 20_000), 20_000)).toBe(
      'Forward mode is not run at T = 20,000: it is left out above 10,000 steps. It would take ≈ 40,001 passes (work counted at 16 and 32 steps).',
    );
    expect(notRunSentence('finiteDifference', estimatePart('finiteDifference', 20_000), 20_000)).toBe(
      'Central differences are not run at T = 20,000: they are left out above 5,000 steps. They would take ≈ 80,001 passes (work counted at 16 and 32 steps).',
    );
  });

  it('lists the Jacobian points not timed, eliding a long list', () => {
    expect(jacobianSkippedText(null)).toBeNull();
    expect(jacobianSkippedText({ outputs: [1, 1000], ms: 4200 })).toBe('Not timed at M = 1, 1000 (2 points): timing them would take ≈ 4.2 s, estimated from one call of each mode.');
    expect(jacobianSkippedText({ outputs: [1, 68, 134, 201, 267, 334, 400], ms: 51_000 })).toBe(
      'Not timed at M = 1, 68, 134, 201, 267, … 400 (7 points): timing them would take ≈ 51 s, estimated from one call of each mode.',
    );
  });
});
