import type { ExprTape } from './grad.ts';

/**
 * The evaluation traces of the AD literature (Griewank & Walther; Baydin et al., "Automatic
 * differentiation in machine learning: a survey", tables 2 and 3) for a recorded expression or
 * program: the forward primal trace vᵢ = φᵢ(…), the forward tangent trace v̇ᵢ for one input, and
 * the reverse adjoint trace, v̄ⱼ += v̄ᵢ · ∂vᵢ/∂vⱼ for each edge, newest node first.
 *
 * Numbering follows the survey: the n inputs are v₁₋ₙ … v₀, the recorded nodes v₁, v₂, … in
 * tape order (constants are nodes too).
 */
export interface EvaluationTrace {
  /** The inputs, in order: input j is node j and is called v_{j+1−n}. */
  variables: string[];
  /** The node holding the output y. */
  output: number;
  /** One row per node 0 … output: the primal and tangent traces. */
  rows: TraceRow[];
  /** v̇ᵢ for each node, one array per input (the tangent trace seeded with ẋⱼ = 1 for that input). */
  tangents: Record<string, number[]>;
  /** The reverse trace, one step per edge, in the order the sweep adds them. */
  reverse: AdjointStep[];
  /** v̄ᵢ for each node after the sweep: ∂y/∂vᵢ. */
  adjoints: number[];
}

export interface TraceRow {
  node: number;
  /** v₋₁, v₀, v₁, … */
  symbol: string;
  /** The program's name for the node or the input's name ("x1", "q", "c′"), or null for an unnamed intermediate. */
  name: string | null;
  /** The right-hand side in the trace's symbols: "ln v₋₁", "v₋₁ × v₀", "x1" for an input. */
  primal: string;
  value: number;
  /** The tangent rule in the trace's symbols: "1 / v₋₁ × v̇₋₁", "v₀ × v̇₋₁ + v₋₁ × v̇₀"; an input's is "seed" (1 for the chosen input, else 0). */
  tangent: string;
}

export interface AdjointStep {
  /** The node whose adjoint flows back (i in v̄ⱼ += v̄ᵢ · ∂vᵢ/∂vⱼ). */
  from: number;
  /** The parent receiving the contribution (j). */
  to: number;
  /** "v̄₀ += v̄₃ × cos v₀" */
  text: string;
  /** ∂vᵢ/∂vⱼ at the point. */
  partial: number;
  /** v̄ᵢ · ∂vᵢ/∂vⱼ: this contribution. */
  amount: number;
  /** v̄ⱼ after adding it. */
  total: number;
}

const SUB: Record<string, string> = { '-': '\u208b', '0': '\u2080', '1': '\u2081', '2': '\u2082', '3': '\u2083', '4': '\u2084', '5': '\u2085', '6': '\u2086', '7': '\u2087', '8': '\u2088', '9': '\u2089' };

/** v with a subscript: the survey's name for node i of a trace with n inputs (v₋₁, v₀, v₁ for n = 2). */
export function traceSymbol(node: number, inputs: number, mark = ''): string {
  const k = node + 1 - inputs;
  return `v${mark}${String(k).replace(/[-0-9]/g, (c) => SUB[c])}`;
}

const DOT = '\u0307';
const BAR = '\u0304';

/** A number in a formula: up to 6 significant digits. */
const num = (x: number): string => (Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(6))));

/**
 * The primal right-hand side and the local partials of node i, written over its parents'
 * symbols a, b, its own symbol v and its constant k.
 */
function rule(op: string, a: string, b: string, v: string, k: number, partials: readonly number[]): { primal: string; d: string[] } {
  switch (op) {
    case 'add':
      return { primal: `${a} + ${b}`, d: ['1', '1'] };
    case 'sub':
      return { primal: `${a} − ${b}`, d: ['1', '−1'] };
    case 'mul':
      return { primal: `${a} × ${b}`, d: [b, a] };
    case 'div':
      return { primal: `${a} / ${b}`, d: [`1 / ${b}`, `−${v} / ${b}`] };
    case 'max':
    case 'min':
      return { primal: `${op}(${a}, ${b})`, d: partials.map(num) };
    case 'power':
      return { primal: `${a}^${b}`, d: [`${b} × ${a}^(${b} − 1)`, `${v} × ln ${a}`] };
    case 'neg':
      return { primal: `−${a}`, d: ['−1'] };
    case 'scale':
      return { primal: `${num(k)} × ${a}`, d: [num(k)] };
    case 'shift':
      return { primal: k < 0 ? `${a} − ${num(-k)}` : `${a} + ${num(k)}`, d: ['1'] };
    case 'sin':
      return { primal: `sin ${a}`, d: [`cos ${a}`] };
    case 'cos':
      return { primal: `cos ${a}`, d: [`−sin ${a}`] };
    case 'tanh':
      return { primal: `tanh ${a}`, d: [`(1 − ${v}²)`] };
    case 'exp':
      return { primal: `exp ${a}`, d: [v] };
    case 'log':
      return { primal: `ln ${a}`, d: [`1 / ${a}`] };
    case 'sqrt':
      return { primal: `√${a}`, d: [`1 / (2${v})`] };
    case 'square':
      return { primal: `${a}²`, d: [`2${a}`] };
    case 'relu':
      return { primal: `relu ${a}`, d: [num(partials[0])] };
    case 'abs':
      return { primal: `|${a}|`, d: [num(partials[0])] };
    case 'pow':
      return { primal: `${a}^${num(k)}`, d: [`${num(k)} × ${a}^${num(k - 1)}`] };
    case 'atan':
      return { primal: `atan ${a}`, d: [`1 / (1 + ${a}²)`] };
    default:
      return { primal: op, d: partials.map(num) };
  }
}

/** ∂ · ṗ as text: "v̇₋₁" for a partial of 1, "−v̇₀" for −1, else "∂ × v̇". */
function times(partial: string, dotted: string): string {
  if (partial === '1') return dotted;
  if (partial === '−1') return `−${dotted}`;
  return `${partial} × ${dotted}`;
}

/**
 * The three traces of a recorded tape (gradExpression's `tape`), with the inputs' names. Runs no
 * arithmetic of its own beyond the tangent trace: values, partials and adjoints are the tape's.
 */
export function evaluationTrace(tape: ExprTape, variables: readonly string[]): EvaluationTrace {
  const n = variables.length;
  const out = tape.output;
  const sym = (i: number, mark = '') => traceSymbol(i, n, mark);
  const rows: TraceRow[] = [];
  const rules: string[][] = [];
  for (let i = 0; i <= out; i++) {
    const source = tape.sources[i];
    const [p0, p1] = tape.parents[i];
    const op = tape.op[i];
    const name = i < n ? variables[i] : (source?.name ?? null);
    if (op === 'input') {
      rows.push({ node: i, symbol: sym(i), name, primal: variables[i] ?? 'x', value: tape.values[i], tangent: 'seed' });
      rules.push([]);
      continue;
    }
    if (op === 'const') {
      rows.push({ node: i, symbol: sym(i), name, primal: num(tape.values[i]), value: tape.values[i], tangent: '0' });
      rules.push([]);
      continue;
    }
    const a = p0 === undefined ? '' : sym(p0);
    const b = p1 === undefined ? '' : sym(p1);
    const r = rule(op, a, b, sym(i), tape.constants[i] ?? NaN, tape.partials[i]);
    const terms = tape.parents[i].map((p, j) => times(r.d[j], sym(p, DOT)));
    rows.push({ node: i, symbol: sym(i), name, primal: r.primal, value: tape.values[i], tangent: terms.join(' + ').replace(/\+ −/g, '− ') });
    rules.push(r.d);
  }
  // Tangent traces: v̇ᵢ = Σⱼ ∂vᵢ/∂vⱼ · v̇ⱼ, a term skipped where v̇ⱼ = 0 (so 0 · NaN stays 0, as forward mode does).
  const tangents: Record<string, number[]> = {};
  variables.forEach((name, j) => {
    const t = new Array<number>(out + 1).fill(0);
    if (j <= out) t[j] = 1;
    for (let i = n; i <= out; i++) {
      let s = 0;
      tape.parents[i].forEach((p, e) => {
        if (t[p] !== 0) s += tape.partials[i][e] * t[p];
      });
      t[i] = s;
    }
    Object.defineProperty(tangents, name, { value: t, enumerable: true, writable: true, configurable: true });
  });
  // Reverse trace: newest node first, each edge's contribution added into its parent's adjoint.
  const adj = new Array<number>(out + 1).fill(0);
  adj[out] = 1;
  const reverse: AdjointStep[] = [];
  for (let i = out; i >= n; i--) {
    tape.parents[i].forEach((p, e) => {
      const partial = tape.partials[i][e];
      const amount = adj[i] * partial;
      adj[p] += amount;
      reverse.push({ from: i, to: p, text: `${sym(p, BAR)} += ${times(rules[i][e], sym(i, BAR))}`, partial, amount, total: adj[p] });
    });
  }
  return { variables: [...variables], output: out, rows, tangents, reverse, adjoints: adj };
}
