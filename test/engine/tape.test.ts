import { describe, expect, it } from 'vitest';
import { Tape, BYTES_PER_NODE, type NodeId } from '../../engine/tape.ts';
import { ARITY, Op, OP_NAME, OP_NAMES, type OpCode } from '../../engine/ops.ts';
import { floatArith, type Arith } from '../../engine/arith.ts';

type Unary = <V>(ar: Arith<V>, x: V) => V;

/** Each unary primitive with points away from its non-smooth spots. */
const UNARY: Array<[string, Unary, number[]]> = [
  ['neg', (ar, x) => ar.neg(x), [-1.3, 0.2, 2]],
  ['mulConst', (ar, x) => ar.mulConst(x, -2.5), [-1.3, 0.7]],
  ['addConst', (ar, x) => ar.addConst(x, 3.25), [-1.3, 0.7]],
  ['sin', (ar, x) => ar.sin(x), [-1.3, 0.2, 2]],
  ['cos', (ar, x) => ar.cos(x), [-1.3, 0.2, 2]],
  ['tanh', (ar, x) => ar.tanh(x), [-1.3, 0.2, 2]],
  ['exp', (ar, x) => ar.exp(x), [-1.3, 0.2, 2]],
  ['log', (ar, x) => ar.log(x), [0.3, 1, 4]],
  ['sqrt', (ar, x) => ar.sqrt(x), [0.3, 1, 4]],
  ['square', (ar, x) => ar.square(x), [-1.3, 0.2, 2]],
  ['relu', (ar, x) => ar.relu(x), [-1.3, 0.2, 2]],
  ['abs', (ar, x) => ar.abs(x), [-1.3, 0.2, 2]],
  ['powConst', (ar, x) => ar.powConst(x, 2.5), [0.3, 1, 4]],
];

type Binary = <V>(ar: Arith<V>, x: V, y: V) => V;
const BINARY: Array<[string, Binary]> = [
  ['add', (ar, x, y) => ar.add(x, y)],
  ['sub', (ar, x, y) => ar.sub(x, y)],
  ['mul', (ar, x, y) => ar.mul(x, y)],
  ['div', (ar, x, y) => ar.div(x, y)],
];

function central(f: (x: number) => number, x: number, h = 1e-6): number {
  return (f(x + h) - f(x - h)) / (2 * h);
}

describe('tape primitives', () => {
  for (const [name, f, points] of UNARY) {
    it(`${name}: value matches plain floats and the local partial matches central differences`, () => {
      for (const x0 of points) {
        const tape = new Tape();
        const x = tape.leaf(x0);
        const y = f(tape, x);
        expect(tape.value(y)).toBe(f(floatArith, x0));
        const g = tape.backward(y)[x];
        expect(g).toBeCloseTo(central((v) => f(floatArith, v), x0), 7);
      }
    });
  }
  for (const [name, f] of BINARY) {
    it(`${name}: both partials match central differences`, () => {
      const [u, v] = [0.7, -1.9];
      const tape = new Tape();
      const x = tape.leaf(u);
      const y = tape.leaf(v);
      const z = f(tape, x, y);
      const adj = tape.backward(z);
      expect(tape.value(z)).toBe(f(floatArith, u, v));
      expect(adj[x]).toBeCloseTo(central((s) => f(floatArith, s, v), u), 7);
      expect(adj[y]).toBeCloseTo(central((s) => f(floatArith, u, s), v), 7);
    });
  }

  it('binary ops are exactly the codes Add … Div, as the sweep assumes', () => {
    for (const [, code] of Object.entries(Op)) {
      const binary = code >= Op.Add && code <= Op.Div;
      expect(ARITY[code as OpCode] === 2).toBe(binary);
      expect(ARITY[code as OpCode] === 0).toBe(code <= Op.Const);
    }
  });

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

describe('op names', () => {
  it('the array of names agrees with the record for every op code', () => {
    for (const code of Object.values(Op)) expect(OP_NAMES[code]).toBe(OP_NAME[code]);
    expect(OP_NAMES).toHaveLength(Object.keys(Op).length);
  });
});
