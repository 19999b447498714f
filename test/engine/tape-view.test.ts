import { describe, expect, it } from 'vitest';
import { defaultParams } from '../../engine/chain.ts';
import { reverseGradient } from '../../engine/reverse.ts';
import { chainTapeView, describeTape } from '../../engine/tape-view.ts';
import { Tape } from '../../engine/tape.ts';

describe('the tape view', () => {
  it('replaying the sweep events reproduces the engine\'s adjoints exactly', () => {
    const view = chainTapeView(defaultParams(40));
    const adj = new Float64Array(view.length);
    adj[view.output] = 1;
    for (let k = 0; k < view.sweep.count; k++) adj[view.sweep.parent[k]] += view.sweep.contribution[k];
    expect(Array.from(adj)).toEqual(Array.from(view.adjoint));
  });

  it('is the recording reverseGradient makes: same node count, same gradient', () => {
    const params = defaultParams(12);
    const view = chainTapeView(params);
    const r = reverseGradient(params);
    expect(view.length).toBe(r.tapeNodes);
    for (let t = 0; t <= 12; t++) expect(view.adjoint[view.stateNode[t]]).toBe(r.adjoint[t]);
    expect(view.name.filter((n) => n.startsWith('a'))).toHaveLength(12);
    expect(view.name[view.stateNode[0]]).toBe('x₀');
    expect(view.step[view.output]).toBe(12);
  });

  it('overwriting instead of accumulating goes wrong exactly at nodes read more than once', () => {
    const view = chainTapeView(defaultParams(10));
    const fanOut = new Set<number>();
    for (let i = 0; i < view.length; i++) if (view.uses[i] >= 2) fanOut.add(i);
    // Every state x_0 … x_9 is read four times (a·x, c·x, x², k·x) and c once per step.
    for (let t = 0; t < 10; t++) expect(view.uses[view.stateNode[t]]).toBe(4);
    expect([...view.divergesAt].every((i) => fanOut.has(i))).toBe(true);
    expect(view.divergesAt.length).toBeGreaterThan(0);
    // A node that no fan-out node feeds into keeps its right adjoint: here, the loss's own nodes.
    for (let i = view.stateNode[10]; i < view.length; i++) expect(view.overwrite.adjoint[i]).toBe(view.adjoint[i]);
  });

  it('without fan-out, overwriting and accumulating agree', () => {
    const tape = new Tape();
    const x = tape.leaf(0.3);
    const out = tape.sin(tape.mulConst(tape.exp(x), 2));
    const view = describeTape(tape, out);
    expect(view.divergesAt.length).toBe(0);
    expect(Array.from(view.overwrite.adjoint)).toEqual(Array.from(view.adjoint));
  });

  it('x·x + x: the fan-out node collects three contributions and only that node diverges first', () => {
    const tape = new Tape();
    const x = tape.leaf(3);
    const out = tape.add(tape.mul(x, x), x);
    const view = describeTape(tape, out, (i) => (i === x ? 'x' : ''));
    expect(view.uses[x]).toBe(3);
    expect(Array.from(view.divergesAt)).toEqual([x]);
    expect(view.adjoint[x]).toBe(7);
    expect(view.name[x]).toBe('x');
  });
});
