import { describe, expect, it } from 'vitest';
import { Tape, BYTES_PER_NODE, type NodeId } from '../../engine/tape.ts';

describe('tape primitives (every op against dual numbers and central differences: ops.test.ts)', () => {
  it('non-smooth points follow the documented convention: relu\'(0) = 0, |x|\'(0) = 0', () => {
    const tape = new Tape();
    const x = tape.leaf(0);
    expect(tape.backward(tape.relu(x))[x]).toBe(0);
    expect(tape.backward(tape.abs(x))[x]).toBe(0);
  });

  it("sqrt'(0) and log of a non-positive number are reported, not silent", () => {
    const tape = new Tape();
    tape.sqrt(tape.leaf(0));
    tape.log(tape.leaf(-1));
    tape.log(tape.leaf(0));
    expect(tape.issues.map((i) => i.op)).toEqual(['sqrt', 'log', 'log']);
    expect(tape.issues[0].message).toMatch(/sqrt'\(0\) is infinite/);
    expect(tape.issues[1].message).toMatch(/positive argument/);
  });
});

describe('reverse sweep', () => {
  it('gradient(x*x + x) accumulates fan-out: 2x + 1', () => {
    const tape = new Tape();
    const x = tape.leaf(3);
    const z = tape.add(tape.mul(x, x), x);
    expect(tape.backward(z)[x]).toBe(7);
  });

  it("the card's example z = x·y + sin(x²) − ln(y) at (0.5, 4) to 1e-12", () => {
    const tape = new Tape();
    const x = tape.leaf(0.5);
    const y = tape.leaf(4);
    const z = tape.sub(tape.add(tape.mul(x, y), tape.sin(tape.mul(x, x))), tape.log(y));
    const adj = tape.backward(z);
    expect(Math.abs(adj[x] - (4 + 2 * 0.5 * Math.cos(0.25)))).toBeLessThan(1e-12);
    expect(Math.abs(adj[y] - (0.5 - 1 / 4))).toBeLessThan(1e-12);
  });

  it('reusing a tape after reset gives identical results and keeps its buffers', () => {
    const tape = new Tape(8);
    const record = () => {
      tape.reset();
      const x = tape.leaf(0.3);
      let z: NodeId = x;
      for (let i = 0; i < 50; i++) z = tape.add(tape.sin(tape.mul(z, x)), x);
      return Array.from(tape.backward(z));
    };
    const first = record();
    const capacity = tape.capacity;
    const second = record();
    expect(second).toEqual(first);
    expect(tape.capacity).toBe(capacity);
  });

  it('the sweep trace replays to exactly the adjoints of backward', () => {
    const tape = new Tape();
    const x = tape.leaf(0.5);
    const y = tape.leaf(4);
    const z = tape.sub(tape.add(tape.mul(x, y), tape.sin(tape.mul(x, x))), tape.log(y));
    const plain = Array.from(tape.backward(z));
    const trace = tape.trace(z);
    const adj = new Float64Array(tape.length);
    adj[z] = 1;
    for (let k = 0; k < trace.count; k++) adj[trace.parent[k]] += trace.contribution[k];
    expect(Array.from(adj)).toEqual(plain);
    expect(Array.from(trace.adjoint)).toEqual(plain);
  });

  it('overwriting instead of accumulating loses a contribution exactly where a value fans out', () => {
    const tape = new Tape();
    const x = tape.leaf(3);
    const sq = tape.mul(x, x);
    const z = tape.add(sq, x);
    const wrong = tape.trace(z, { overwrite: true }).adjoint;
    const right = tape.backward(z);
    expect(wrong[z]).toBe(right[z]);
    expect(wrong[sq]).toBe(right[sq]);
    expect(wrong[x]).not.toBe(right[x]);
  });

  it('a node costs at most 40 bytes with its adjoint', () => {
    expect(BYTES_PER_NODE).toBeLessThanOrEqual(40);
  });
});
