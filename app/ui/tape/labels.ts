import type { TapeView } from '../../../engine/tape-view.ts';
import { formatNumber } from '../format.ts';

/** The parts of a view that name nodes. */
export type Named = Pick<TapeView, 'op' | 'opNames' | 'constant' | 'name' | 'output'> & {
  /** Node of x_t for t = 0 … T, when the tape is the chain. */
  stateNode?: Int32Array;
};

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';

/** 12 → '₁₂'. */
export function subscript(n: number): string {
  return String(n).replace(/\d/g, (d) => SUBSCRIPTS[Number(d)]);
}

/** The op's display name: 'mul', 'tanh', 'input'. */
export function opName(view: Pick<TapeView, 'op' | 'opNames'>, i: number): string {
  return view.opNames[view.op[i]] ?? `op ${view.op[i]}`;
}

/** The op with the constant it carries: 'shift +1', 'scale ×0.025', 'pow ^3', else the name. */
export function opWithConstant(view: Pick<TapeView, 'op' | 'opNames' | 'constant'>, i: number): string {
  const name = opName(view, i);
  const k = view.constant[i];
  if (Number.isNaN(k)) return name;
  const text = formatNumber(k, 4);
  switch (name) {
    case 'shift':
      return k < 0 ? `shift ${text}` : `shift +${text}`;
    case 'scale':
      return `scale ×${text}`;
    case 'pow':
      return `pow ^${text}`;
    default:
      return `${name} ${text}`;
  }
}

/**
 * What a node stands for in the program, or '': an input or constant's name ('a₃', 'c', 'k₀'),
 * the chain state a step produces ('x₄'), 'L' for the output.
 */
export function nodeTag(view: Named, i: number): string {
  if (view.name[i]) return view.name[i];
  if (i === view.output) return 'L';
  if (view.stateNode) {
    // stateNode is increasing: a binary search finds t with stateNode[t] = i.
    let lo = 1;
    let hi = view.stateNode.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = view.stateNode[mid];
      if (v === i) return `x${subscript(mid)}`;
      if (v < i) lo = mid + 1;
      else hi = mid - 1;
    }
  }
  return '';
}

/** 'node 17' or 'node 17 (x₁)'. */
export function nodeRef(view: Named, i: number): string {
  const tag = nodeTag(view, i);
  return tag ? `node ${i} (${tag})` : `node ${i}`;
}

/** A number for the tape: four significant digits, the app's minus sign and exponents. */
export function num(x: number): string {
  // A tape may hold NaN (an expression at √0 or 0·∞): say so, not '—'.
  return Number.isNaN(x) ? 'NaN' : formatNumber(x, 4);
}

/** A number in the graph's small boxes: three significant digits, two in exponent form. */
export function short(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  const ax = Math.abs(x);
  return formatNumber(x, ax !== 0 && (ax < 1e-3 || ax >= 1e5) ? 2 : 3);
}

/** v₁₂: the name of node 12's value. */
export function v(i: number): string {
  return `v${subscript(i)}`;
}

/** What node i computes, in terms of its parents' values: 'tanh(v₅)', 'v₂ × v₁', '0.025 × v₁₀'. */
export function formulaOf(view: Pick<TapeView, 'op' | 'opNames' | 'constant' | 'parent0' | 'parent1' | 'name'>, i: number): string {
  const a = v(view.parent0[i]);
  const b = v(view.parent1[i]);
  const k = formatNumber(view.constant[i], 4);
  switch (opName(view, i)) {
    case 'input':
      return view.name[i] ? `${view.name[i]} (input)` : 'input';
    case 'const':
      return view.name[i] ? `${view.name[i]} (constant)` : 'constant';
    case 'add':
      return `${a} + ${b}`;
    case 'sub':
      return `${a} − ${b}`;
    case 'mul':
      return `${a} × ${b}`;
    case 'div':
      return `${a} / ${b}`;
    case 'neg':
      return `−${a}`;
    case 'scale':
      return `${k} × ${a}`;
    case 'shift':
      return view.constant[i] < 0 ? `${a} − ${formatNumber(-view.constant[i], 4)}` : `${a} + ${k}`;
    case 'square':
      return `${a}²`;
    case 'pow':
      return `${a}^${k}`;
    default:
      return `${opName(view, i)}(${a})`;
  }
}
