/**
 * The shapes of practice expressions, level by level, written as text in the playground's
 * syntax. Each call draws one candidate; `adjoints.ts` keeps it only if its numbers give nothing
 * away.
 */
import { shortValue } from './numbers.ts';
import type { Prng } from './prng.ts';
import type { PracticeLevel } from './types.ts';

/** A piece of expression text and how tightly it binds: 3 atom, 2 power, 1 product, 0 sum. */
interface Piece {
  text: string;
  prec: number;
  /** The primitives it records. */
  ops: string[];
}

const atom = (name: string): Piece => ({ text: name, prec: 3, ops: [] });
const wrap = (p: Piece, min: number): string => (p.prec >= min ? p.text : `(${p.text})`);

/** The one-input primitives a chain is built from: none has a partial of 0 or ±1 in general. */
const WRAPPERS = ['sin', 'cos', 'exp', 'ln', 'sqrt', 'tanh', 'square', 'cube', 'scale'] as const;
type Wrapper = (typeof WRAPPERS)[number];

/** Pairs that undo each other or say nothing new: ln(exp u), sqrt(u²), … */
const SILLY = new Set(['exp>ln', 'ln>exp', 'square>sqrt', 'sqrt>square', 'sqrt>cube', 'square>cube', 'cube>square', 'cube>sqrt']);

/** A number for the text: short, never 0 or ±1. */
function k(rng: Prng): string {
  return String(shortValue(rng, true));
}

function apply(w: Wrapper, p: Piece, rng: Prng): Piece {
  const ops = [...p.ops, w];
  switch (w) {
    case 'square':
      return { text: `${wrap(p, 3)}^2`, prec: 2, ops };
    case 'cube':
      return { text: `${wrap(p, 3)}^3`, prec: 2, ops };
    case 'scale':
      return { text: `${k(rng)}*${wrap(p, 1)}`, prec: 1, ops };
    default:
      return { text: `${w}(${p.text})`, prec: 3, ops };
  }
}

/** `count` wrappers around p, never the same twice running nor an undoing pair. */
function chainOf(p: Piece, count: number, rng: Prng, from: readonly Wrapper[] = WRAPPERS): Piece {
  let last = '';
  for (let i = 0; i < count; i++) {
    let w: Wrapper;
    do w = rng.pick(from);
    while (w === last || SILLY.has(`${last}>${w}`));
    p = apply(w, p, rng);
    last = w;
  }
  return p;
}

function binary(a: Piece, op: '*' | '/' | '+' | '-', b: Piece): Piece {
  if (op === '+' || op === '-') return { text: `${a.text} ${op} ${wrap(b, 1)}`, prec: 0, ops: [...a.ops, ...b.ops, op] };
  return { text: `${wrap(a, 1)}${op}${wrap(b, 2)}`, prec: 1, ops: [...a.ops, ...b.ops, op] };
}

/** A candidate: the expression and a value for each variable. */
export interface Candidate {
  expression: string;
  at: Record<string, number>;
}

/** Level 1: a chain of three or four primitives, from x or from x·y. */
function chain(rng: Prng): Candidate {
  const product = rng.chance(0.5);
  const start = product ? binary(atom('x'), '*', atom('y')) : atom('x');
  const total = rng.int(3, 4);
  const e = chainOf(start, total - (product ? 1 : 0), rng);
  return { expression: e.text, at: values(rng, product ? ['x', 'y'] : ['x']) };
}

/**
 * A product with eᵘ as one factor shows eᵘ on two edges (exp's own partial and the product's
 * partial for the other factor): a repeated number, so such a candidate is never kept.
 */
function repeatsExp(op: string, a: Wrapper | 'id', b: Wrapper | 'id'): boolean {
  return op === '*' && (a === 'exp' || b === 'exp');
}

/**
 * How many nodes a problem of each level records (inputs included): each level's range starts
 * above the one before, so a level up is always a larger sweep. Level 1 is a plain chain; from
 * level 2 on every problem reads some value twice (a fan-out), so a bug problem there can hold
 * an overwrite. `drawRecorded` (adjoints.ts) keeps only candidates inside the range.
 */
export const LEVEL_NODES: Readonly<Record<PracticeLevel, readonly [number, number]>> = { 1: [4, 6], 2: [7, 8], 3: [9, 10], 4: [11, 12] };

/** The primitive a piece recorded last (where its value comes from), or 'id' for a bare input. */
function lastOp(p: Piece): string {
  return p.ops.at(-1) ?? 'id';
}

/**
 * Two chains of one or two primitives over the same value: the two reads of a fan-out. Their
 * first primitives differ (tanh(x) in both would be recorded once and read twice, and x once),
 * and are not both powers.
 */
function twoChains(p: Piece, rng: Prng, from: readonly Wrapper[]): [Piece, Piece] {
  const first = p.ops.length;
  for (;;) {
    const a = chainOf(p, rng.int(1, 2), rng, from);
    const b = chainOf(p, rng.int(1, 2), rng, from);
    const powers = ['square', 'cube'];
    // x³·x² is x⁵: two powers of one value say nothing a single power does not.
    if (a.ops[first] !== b.ops[first] && !(powers.includes(a.ops[first]) && powers.includes(b.ops[first]))) return [a, b];
  }
}

/** Level 2: a variable read twice, by two chains of its own or by a product with y and again at the end; 7 or 8 nodes. */
function fanOut(rng: Prng): Candidate {
  if (rng.chance(0.4)) {
    // x feeds a product or quotient with y and, again, the last op. Not both products: x·w(x·y)
    // shows x on two edges (∂(x·y)/∂y and ∂(x·w)/∂w), a repeated number.
    const first = rng.pick(['*', '/'] as const);
    const op = first === '*' ? '/' : rng.pick(['*', '/'] as const);
    // No scale here: k*x*y/x is k·y, and x drops out. No exp just under a product (repeatsExp).
    const inner = chainOf(binary(atom('x'), first, atom('y')), rng.int(1, 2), rng, WRAPPERS.filter((w) => w !== 'scale'));
    if (repeatsExp(op, lastOp(inner) as Wrapper, 'id')) return fanOut(rng);
    const e = rng.chance(0.5) ? binary(inner, op, atom('x')) : binary(atom('x'), op, inner);
    return { expression: chainOf(e, 7 - e.ops.length - 2 + rng.int(0, 1), rng, ['sin', 'exp', 'ln', 'sqrt', 'tanh', 'square']).text, at: values(rng, ['x', 'y']) };
  }
  const [a, b] = twoChains(atom('x'), rng, WRAPPERS.filter((w) => w !== 'scale'));
  const op = rng.pick(['*', '/'] as const);
  if (repeatsExp(op, lastOp(a) as Wrapper, lastOp(b) as Wrapper)) return fanOut(rng);
  const e = binary(a, op, b);
  // x, the two chains and the op: 4 to 6 nodes; one or two primitives more make 7 or 8.
  const more = Math.max(1, 7 - (e.ops.length + 1)) + rng.int(0, 1);
  return { expression: chainOf(e, Math.min(more, 8 - (e.ops.length + 1)), rng, ['sin', 'exp', 'ln', 'sqrt', 'tanh', 'square']).text, at: values(rng, ['x']) };
}

/**
 * Level 3: a subexpression of x and y read twice, with division, ln, exp or a power, and the
 * result taken with a third input z; 9 or 10 nodes.
 */
function shared(rng: Prng): Candidate {
  const s = binary(atom('x'), rng.pick(['*', '/'] as const), atom('y'));
  for (;;) {
    const [a, b] = twoChains(s, rng, WRAPPERS.filter((w) => w !== 'scale'));
    const op = rng.pick(['*', '/', '+'] as const);
    const hard = ['ln', 'exp', 'square', 'cube'];
    if (!(op === '/' || s.text.includes('/') || hard.includes(lastOp(a)) || hard.includes(lastOp(b)))) continue;
    if (repeatsExp(op, lastOp(a) as Wrapper, lastOp(b) as Wrapper)) continue;
    let e = binary(a, op, b);
    e = binary(e, rng.pick(['*', '/', '+', '-'] as const), atom('z'));
    // x, y and z, their ops: 8 to 10 nodes; one primitive more where it falls short of 9.
    const nodes = e.ops.length + 3;
    if (nodes < 9) e = chainOf(e, 9 - nodes + rng.int(0, 1), rng, ['sin', 'exp', 'ln', 'sqrt', 'tanh', 'square']);
    return { expression: e.text, at: values(rng, ['x', 'y', 'z']) };
  }
}

/**
 * Level 4: a neuron tanh(w·x + b) and its squared-error loss with weight decay 0.1·w² (w is read
 * twice), or a neuron of two features, x and x², and its loss (x is read twice). Either way a
 * fan-out, so a bug problem of this level can hold an overwrite.
 */
function neuron(rng: Prng): Candidate {
  const two = rng.chance(0.4);
  const names = two ? ['w1', 'x', 'w2', 'b'] : ['w', 'x', 'b'];
  const z = two ? 'w1*x + w2*x^2 + b' : 'w*x + b';
  const target = shortValue(rng) / 3;
  const t = Math.abs(Math.round(target * 100) / 100);
  const sign = target < 0 ? '+' : '-';
  const loss = `(tanh(${z}) ${sign} ${t})^2`;
  // On the one-input neuron only: with the decay, or with the ½ in front, the two-feature one (x²
  // is one layer deeper) would be wider than a 1920 × 1080 stage shows at 24 px.
  const decay = two ? '' : ' + 0.1*w^2';
  const half = rng.chance(0.5) && !two;
  return { expression: `${half ? `0.5*${loss}` : loss}${decay}`, at: values(rng, names) };
}

/** A value per name, all of different sizes. */
function values(rng: Prng, names: readonly string[]): Record<string, number> {
  const used = new Set<number>();
  const entries: [string, number][] = [];
  for (const name of names) {
    let v: number;
    do v = shortValue(rng);
    while (used.has(Math.abs(v)));
    used.add(Math.abs(v));
    entries.push([name, v]);
  }
  return Object.fromEntries(entries);
}

/** One candidate expression for a level. */
export function candidate(level: PracticeLevel, rng: Prng): Candidate {
  switch (level) {
    case 1:
      return chain(rng);
    case 2:
      return fanOut(rng);
    case 3:
      return shared(rng);
    case 4:
      return neuron(rng);
  }
}
