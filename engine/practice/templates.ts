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

/** One side of a fan-out: the value itself or a primitive of it. */
function side(p: Piece, rng: Prng, w: Wrapper | 'id'): Piece {
  return w === 'id' ? p : apply(w, p, rng);
}

/** Two different one-primitive views of the same value, not both the value itself. */
function twoSides(rng: Prng): [Wrapper | 'id', Wrapper | 'id'] {
  const choices: (Wrapper | 'id')[] = ['id', ...WRAPPERS.filter((w) => w !== 'scale')];
  for (;;) {
    const a = rng.pick(choices);
    const b = rng.pick(choices);
    if (a !== b) return [a, b];
  }
}

/**
 * A product with eᵘ as one factor shows eᵘ on two edges (exp's own partial and the product's
 * partial for the other factor): a repeated number, so such a candidate is never kept.
 */
function repeatsExp(op: string, a: Wrapper | 'id', b: Wrapper | 'id'): boolean {
  return op === '*' && (a === 'exp' || b === 'exp');
}

/** Level 2: a variable read twice. */
function fanOut(rng: Prng): Candidate {
  if (rng.chance(0.4)) {
    // x feeds a product or quotient with y and, again, the last op. Not both products: x·w(x·y)
    // shows x on two edges (∂(x·y)/∂y and ∂(x·w)/∂w), a repeated number.
    const first = rng.pick(['*', '/'] as const);
    const op = first === '*' ? '/' : rng.pick(['*', '/'] as const);
    // No scale here: k*x*y/x is k·y, and x drops out. No exp under a product (repeatsExp).
    const inner = chainOf(binary(atom('x'), first, atom('y')), 1, rng, WRAPPERS.filter((w) => w !== 'scale' && !repeatsExp(op, w, 'id')));
    const e = rng.chance(0.5) ? binary(inner, op, atom('x')) : binary(atom('x'), op, inner);
    return { expression: e.text, at: values(rng, ['x', 'y']) };
  }
  const [a, b] = twoSides(rng);
  const op = rng.pick(['*', '/'] as const);
  // x^3/x is x²: a power over the bare value would simplify the lesson away.
  if (op === '/' && (a === 'id' || b === 'id') && ['square', 'cube'].includes(a === 'id' ? b : a)) return fanOut(rng);
  if (repeatsExp(op, a, b)) return fanOut(rng);
  let e = binary(side(atom('x'), rng, a), op, side(atom('x'), rng, b));
  if (rng.chance(0.5)) e = chainOf(e, 1, rng, ['sin', 'exp', 'ln', 'sqrt', 'tanh', 'square']);
  return { expression: e.text, at: values(rng, ['x']) };
}

/** Level 3: a subexpression of x and y used twice, with division, ln, exp or a power. */
function shared(rng: Prng): Candidate {
  const s = binary(atom('x'), rng.pick(['*', '/'] as const), atom('y'));
  for (;;) {
    const [a, b] = twoSides(rng);
    const op = rng.pick(['*', '/', '+'] as const);
    const hard = ['ln', 'exp', 'square', 'cube'];
    if (!(op === '/' || s.text.includes('/') || hard.includes(a) || hard.includes(b))) continue;
    if (repeatsExp(op, a, b)) continue;
    const e = binary(side(s, rng, a), op, side(s, rng, b));
    return { expression: e.text, at: values(rng, ['x', 'y']) };
  }
}

/**
 * Level 4: a neuron tanh(w·x + b) and its squared-error loss with weight decay 0.1·w² (w is read
 * twice, a fan-out, so a bug problem of this level can hold an overwrite), or a neuron of two
 * inputs and its loss.
 */
function neuron(rng: Prng): Candidate {
  const two = rng.chance(0.4);
  const names = two ? ['w1', 'x1', 'w2', 'x2', 'b'] : ['w', 'x', 'b'];
  const z = two ? 'w1*x1 + w2*x2 + b' : 'w*x + b';
  const target = shortValue(rng) / 3;
  const t = Math.abs(Math.round(target * 100) / 100);
  const sign = target < 0 ? '+' : '-';
  const loss = `(tanh(${z}) ${sign} ${t})^2`;
  // On the one-input neuron only: the two-input one is already as large as a stage shows whole.
  const decay = two ? '' : ' + 0.1*w^2';
  return { expression: `${rng.chance(0.5) ? `0.5*${loss}` : loss}${decay}`, at: values(rng, names) };
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
