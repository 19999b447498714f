import { describe, expect, it } from 'vitest';
import { defaultParams, evaluateLoss, type ChainParams } from '../../../engine/chain.ts';
import { recordChain, reverseGradient, tapeNodesFor } from '../../../engine/reverse.ts';
import { Tape } from '../../../engine/tape.ts';
import { truncatedGradient } from '../../../engine/tradeoffs/truncation.ts';
import {
  AutogradError,
  detachedGradient,
  freeLateBug,
  inPlaceBug,
  IN_PLACE_FACTOR,
  overwriteBug,
  retainGraphBug,
  SavedGraph,
  SAVED_BYTES_PER_NODE,
  zeroGradBug,
} from '../../../engine/bugs/index.ts';
import type { GradientPair } from '../../../engine/report.ts';

const P40 = defaultParams(40);
const list = (g: GradientPair) => [...g.a, ...g.b];

/** Central differences of the loss for one parameter: an independent check of which gradient is right. */
function centralDifference(params: ChainParams, which: 'a' | 'b', t: number, h = 1e-6): number {
  const moved = (d: number) => ({ ...params, [which]: params[which].map((v, i) => (i === t ? v + d : v)) });
  return (evaluateLoss(moved(h)) - evaluateLoss(moved(-h))) / (2 * h);
}

describe('zero-grad', () => {
  it('two backward passes without clearing give exactly twice every gradient; cleared, exactly the reverse gradient', () => {
    const { correct, buggy } = zeroGradBug(P40);
    const exact = reverseGradient(P40);
    expect(list(correct)).toEqual(list(exact));
    expect(list(buggy)).toEqual(list(exact).map((g) => 2 * g));
    expect(list(buggy).some((g) => g !== 0)).toBe(true);
  });
});

describe('detach', () => {
  for (const s of [0, 1, 17, 30, 40]) {
    it(`detaching x_${s} gives the truncated gradient of window ${40 - s}, and 0 before step ${s}`, () => {
      const g = detachedGradient(P40, s);
      const truncated = truncatedGradient(P40, 40 - s);
      for (let t = 0; t < 40; t++) {
        expect(Math.abs(g.a[t] - truncated.a[t])).toBeLessThanOrEqual(1e-15);
        expect(Math.abs(g.b[t] - truncated.b[t])).toBeLessThanOrEqual(1e-15);
        if (t < s) expect([g.a[t], g.b[t]]).toEqual([0, 0]);
      }
    });
  }
});

describe('in-place', () => {
  it('the version check refuses in PyTorch 1.13\'s own words: the 0-d double tensor mul_ left at version 1', () => {
    const r = inPlaceBug(P40, 20);
    expect(r.error).toBe(
      'one of the variables needed for gradient computation has been modified by an inplace operation: [torch.DoubleTensor []], which is output 0 of MulBackward0, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True).',
    );
  });

  it('the gradient the unchecked sweep would give is wrong (central differences side with the correct one)', () => {
    const r = inPlaceBug(P40, 20);
    const exact = reverseGradient(P40);
    expect(list(r.correct)).toEqual(list(exact));
    // Steps after 20 never read x_20: their gradients are untouched; the rest are wrong.
    for (let t = 21; t < 40; t++) expect(r.buggy.a[t]).toBe(exact.a[t]);
    const t = 20;
    const fd = centralDifference(P40, 'a', t);
    expect(Math.abs(r.correct.a[t] - fd)).toBeLessThan(1e-8);
    expect(Math.abs(r.buggy.a[t] - fd)).toBeGreaterThan(1e-3 * Math.abs(fd));
    // ∂(a·x)/∂a read from the halved x: the a_20 entry is off by exactly the factor, to rounding.
    expect(r.buggy.a[t] / r.correct.a[t]).toBeCloseTo(IN_PLACE_FACTOR, 12);
  });

  it('an unmodified saved graph passes the version check and sweeps to the tape adjoints bit for bit', () => {
    const tape = new Tape(tapeNodesFor(40));
    const rec = recordChain(P40, tape);
    const g = new SavedGraph(tape);
    const adj = g.backward(rec.loss).adjoints;
    const expected = tape.backward(rec.loss);
    expect([...adj]).toEqual([...expected]);
  });
});

describe('retain-graph', () => {
  it('a second sweep over a freed graph is refused with the framework reason; retained, it gives the gradient', () => {
    const r = retainGraphBug(P40);
    expect(r.buggy.error).toMatch(/backward through the graph a second time/);
    expect(r.buggy.error).toMatch(/retain_graph=True/);
    expect(list(r.correct.gradient)).toEqual(list(reverseGradient(P40)));
  });

  it('keeping the graph costs what PyTorch saves: 7·T + 1 tensors of 8 bytes', () => {
    // Each step saves tanh's result, c·x, 1 + x², k·x and its two numbers k and 0.025; x_1 … x_(T−1)
    // are saved by the step that reads them (x_0 is an input); the loss saves x_T − y and its 0.5.
    expect(retainGraphBug(P40).correct.bytes).toBe((6 * 40 + 39 + 2) * SAVED_BYTES_PER_NODE);
  });

  it('the refusal is an AutogradError and nothing is returned for it', () => {
    const tape = new Tape(tapeNodesFor(5));
    const rec = recordChain(defaultParams(5), tape);
    const g = new SavedGraph(tape);
    g.backward(rec.loss);
    expect(() => g.backward(rec.loss)).toThrow(AutogradError);
  });
});

describe('overwrite', () => {
  it('overwriting adjoints is wrong where values fan out (central differences side with +=); a_39, read once, stays right', () => {
    const r = overwriteBug(P40);
    const exact = reverseGradient(P40);
    expect(list(r.correct)).toEqual(list(exact));
    expect(r.buggy.a[39]).toBe(exact.a[39]);
    const fd = centralDifference(P40, 'a', 10);
    expect(Math.abs(r.correct.a[10] - fd)).toBeLessThan(1e-8);
    expect(Math.abs(r.buggy.a[10] - fd)).toBeGreaterThan(0.1 * Math.abs(fd));
  });
});

describe('free-late', () => {
  it('both sweeps give the reverse gradient; freeing late holds the saved tensors and every gradient at once', () => {
    const r = freeLateBug(P40);
    const exact = list(reverseGradient(P40));
    expect(list(r.correct.gradient)).toEqual(exact);
    expect(list(r.buggy.gradient)).toEqual(exact);
    const n = tapeNodesFor(40);
    const saved = retainGraphBug(P40).correct.bytes;
    // Freed early, the peak is near the start: the saved tensors, the seed's adjoint, and at most
    // the two adjoints the loss node hands back before its own are released.
    expect(r.correct.bytes).toBeGreaterThanOrEqual(saved + 8);
    expect(r.correct.bytes).toBeLessThanOrEqual(saved + 24);
    // Freed late, at the end: every saved tensor and the adjoint of every node, all reached.
    expect(r.buggy.bytes).toBe(saved + n * 8);
  });

  it('the bytes held along each sweep: their peak is the reported peak; falling as buffers go, rising and flat when kept', () => {
    const r = freeLateBug(P40);
    const n = tapeNodesFor(40);
    for (const side of [r.correct, r.buggy]) {
      // The start, one entry per node from the loss down to node 0, and the end.
      expect(side.held.length).toBe(n + 2);
      expect(Math.max(...side.held)).toBe(side.bytes);
    }
    const early = r.correct.held;
    const late = r.buggy.held;
    // Both start from the saved tensors and the seed's adjoint.
    expect(early[0]).toBe(retainGraphBug(P40).correct.bytes + 8);
    expect(late[0]).toBe(early[0]);
    // Freed as it passes: the peak is near the start and half-way down the sweep far less is held.
    expect(early[Math.floor(n / 2)]).toBeLessThan(0.75 * early[0]);
    // Kept: never falls until the sweep returns; its last node holds the peak, about twice early's.
    for (let k = 1; k <= n; k++) expect(late[k]).toBeGreaterThanOrEqual(late[k - 1]);
    expect(late[n]).toBe(r.buggy.bytes);
    expect(late[n + 1]).toBeLessThan(late[n]);
    expect(late[n] / Math.max(...early)).toBeGreaterThan(2.5);
    // After the sweep both hold the same: the leaves' values and gradients.
    expect(late[n + 1]).toBe(early[n + 1]);
  });
});
