/**
 * The scalar ops, one row each: the one place an op is defined. Everything else takes what it
 * needs from here: the op codes and names, the `Arith` interface every differentiation method
 * implements, the expression language's functions, the kink conventions the warnings state,
 * and (through `npm run generate`, engine/codegen.ts) the code that computes them: the tape's
 * primitives, the float, dual and vector-dual arithmetics, the tracer's and the tape's methods,
 * and the recorder of the chain's step, all written out in engine/generated/.
 *
 * To add an op, add a row (and test it in test/engine/ops.test.ts), then run `npm run generate`.
 *
 * A row's `value` and partials are code, as TypeScript expressions over the operand values u and
 * w (w for binary ops), the op's constant k, and, in a partial, the node's own `value`; they may
 * call the helpers exported below (`powPartial`). Codegen writes them into straight-line code,
 * so the hot paths have nothing to dispatch on or look up.
 *
 * Op codes are the row indices, stored in the top byte of a tape node's first parent word
 * (so below 128). The tape tells an op's arity from its code: leaves and constants first, then
 * the binary ops, then the unary ones; add a binary op among the binary rows, a unary op at the
 * end. A check at load enforces the order.
 */
export interface OpRow {
  /** The key in `Op` (Op.Sin). */
  readonly key: string;
  /** Short display name, as the tape table and the graph show it. */
  readonly name: string;
  /** 0 for leaves and constants, 1 for unary ops, 2 for binary ones. */
  readonly arity: 0 | 1 | 2;
  /** The `Arith` method that records it (absent for leaves, which each arithmetic makes its own way). */
  readonly method?: string;
  /** A unary op with a constant k (k·x, x + k, x^p): its method takes k, and the tape keeps k for display. */
  readonly constant?: boolean;
  /** Value, over u, w and k. */
  readonly value?: string;
  /** ∂node/∂(first operand), over u, w, k and value. */
  readonly d0?: string;
  /** ∂node/∂(second operand), binary ops only. */
  readonly d1?: string;
  /** The expression language's functions that are this op (ln and log are both Log). */
  readonly functions?: readonly string[];
  /** A point where the derivative does not exist, and the subgradient the op uses there (the warnings state it). */
  readonly kink?: { readonly at: number; readonly says: string };
  /**
   * A partial may be NaN where the value is finite (x^y's ∂/∂y at x < 0): forward mode then
   * skips an operand whose tangent is 0, so 0·NaN does not spoil the other derivative.
   */
  readonly nanPartials?: boolean;
  /** What the op computes, for the `Arith` interface's reader. */
  readonly doc: string;
}

export const OPS = [
  { key: 'Leaf', name: 'input', arity: 0, doc: 'An input to differentiate with respect to.' },
  { key: 'Const', name: 'const', arity: 0, method: 'constant', value: 'k', doc: 'A value that does not depend on anything being differentiated.' },
  { key: 'Add', name: 'add', arity: 2, method: 'add', value: 'u + w', d0: '1', d1: '1', doc: 'x + y.' },
  { key: 'Sub', name: 'sub', arity: 2, method: 'sub', value: 'u - w', d0: '1', d1: '-1', doc: 'x − y.' },
  { key: 'Mul', name: 'mul', arity: 2, method: 'mul', value: 'u * w', d0: 'w', d1: 'u', doc: 'x · y.' },
  { key: 'Div', name: 'div', arity: 2, method: 'div', value: 'u / w', d0: '1 / w', d1: '-value / w', doc: 'x / y.' },
  {
    key: 'Max',
    name: 'max',
    arity: 2,
    method: 'max',
    value: 'Math.max(u, w)',
    d0: 'u > w ? 1 : u < w ? 0 : 0.5',
    d1: 'u < w ? 1 : u > w ? 0 : 0.5',
    functions: ['max'],
    doc: 'max(x, y): the gradient goes to the larger operand, and is split in half at a tie (as torch.maximum does).',
  },
  {
    key: 'Min',
    name: 'min',
    arity: 2,
    method: 'min',
    value: 'Math.min(u, w)',
    d0: 'u < w ? 1 : u > w ? 0 : 0.5',
    d1: 'u > w ? 1 : u < w ? 0 : 0.5',
    functions: ['min'],
    doc: 'min(x, y): the gradient goes to the smaller operand, and is split in half at a tie (as torch.minimum does).',
  },
  {
    key: 'Pow',
    name: 'power',
    arity: 2,
    method: 'pow',
    value: 'Math.pow(u, w)',
    d0: 'powPartial(u, w)',
    d1: 'powExponentPartial(u, w, value)',
    nanPartials: true,
    doc: 'xʸ with both operands variable, by PyTorch\'s conventions: defined for a negative base with a whole-number exponent ((−2)³ = −8, ∂/∂x = 12), 0⁰ = 1; ∂/∂y = xʸ·ln x (NaN for x < 0) and 0 at x = 0 when y ≥ 0.',
  },
  { key: 'Neg', name: 'neg', arity: 1, method: 'neg', value: '-u', d0: '-1', doc: '−x.' },
  { key: 'MulConst', name: 'scale', arity: 1, method: 'mulConst', constant: true, value: 'k * u', d0: 'k', doc: 'k · x for a constant k (one unary node rather than a constant and a product).' },
  { key: 'AddConst', name: 'shift', arity: 1, method: 'addConst', constant: true, value: 'u + k', d0: '1', doc: 'x + k for a constant k.' },
  { key: 'Sin', name: 'sin', arity: 1, method: 'sin', value: 'Math.sin(u)', d0: 'Math.cos(u)', functions: ['sin'], doc: 'sin x.' },
  { key: 'Cos', name: 'cos', arity: 1, method: 'cos', value: 'Math.cos(u)', d0: '-Math.sin(u)', functions: ['cos'], doc: 'cos x.' },
  { key: 'Tanh', name: 'tanh', arity: 1, method: 'tanh', value: 'Math.tanh(u)', d0: '1 - value * value', functions: ['tanh'], doc: 'tanh x.' },
  { key: 'Exp', name: 'exp', arity: 1, method: 'exp', value: 'Math.exp(u)', d0: 'value', functions: ['exp'], doc: 'eˣ.' },
  { key: 'Log', name: 'log', arity: 1, method: 'log', value: 'Math.log(u)', d0: '1 / u', functions: ['ln', 'log'], doc: 'Natural logarithm.' },
  { key: 'Sqrt', name: 'sqrt', arity: 1, method: 'sqrt', value: 'Math.sqrt(u)', d0: '0.5 / value', functions: ['sqrt'], doc: '√x.' },
  { key: 'Square', name: 'square', arity: 1, method: 'square', value: 'u * u', d0: '2 * u', doc: 'x².' },
  {
    key: 'Relu',
    name: 'relu',
    arity: 1,
    method: 'relu',
    value: 'u > 0 ? u : 0',
    d0: 'u > 0 ? 1 : 0',
    functions: ['relu'],
    kink: { at: 0, says: "relu'(0) is taken as 0 in '{where}': relu has a kink at 0, where any slope in [0, 1] is a valid subgradient; central differences see the average, 1/2" },
    doc: "max(x, 0), with relu'(0) = 0.",
  },
  {
    key: 'Abs',
    name: 'abs',
    arity: 1,
    method: 'abs',
    value: 'Math.abs(u)',
    d0: 'u > 0 ? 1 : u < 0 ? -1 : 0',
    functions: ['abs'],
    kink: { at: 0, says: "|x|'(0) is taken as 0 in '{where}': |x| has a kink at 0, where any slope in [−1, 1] is a valid subgradient; central differences see the average, 0" },
    doc: "|x|, with |x|'(0) = 0.",
  },
  { key: 'PowConst', name: 'pow', arity: 1, method: 'powConst', constant: true, value: 'Math.pow(u, k)', d0: 'powPartial(u, k)', doc: 'xᵖ for a constant exponent p.' },
  { key: 'Atan', name: 'atan', arity: 1, method: 'atan', value: 'Math.atan(u)', d0: '1 / (1 + u * u)', functions: ['atan'], doc: 'arctan x, in (−π/2, π/2).' },
] as const satisfies readonly OpRow[];

/** d(x^p)/dx = p·x^(p−1), with the conventions 0^0 → 1 and d/dx x^0 = 0. */
export function powPartial(x: number, p: number): number {
  if (p === 0) return 0;
  if (p === 1) return 1;
  return p * Math.pow(x, p - 1);
}

/**
 * d(x^y)/dy = x^y·ln x, with PyTorch's convention that it is 0 where x = 0 and y ≥ 0 (there
 * x^y is 0 or 1 and ln x is −∞). For x < 0 it is NaN: ln x is undefined.
 */
export function powExponentPartial(x: number, y: number, value: number): number {
  if (x === 0 && y >= 0) return 0;
  return value * Math.log(x);
}

type Rows = typeof OPS;
type Row = Rows[number];
type Index = Exclude<keyof Rows, keyof unknown[]>;
type MethodOf<R> = R extends { readonly method: infer M extends string } ? M : never;

/** Op codes by key: Op.Sin is the index of the Sin row. */
export type OpTable = { readonly [I in Index as Rows[I]['key']]: I extends `${infer N extends number}` ? N : never };
export type OpCode = OpTable[keyof OpTable];

export const Op = Object.fromEntries(OPS.map((row, code) => [row.key, code])) as OpTable;

/** Methods of binary ops: f(x, y). */
export type BinaryMethod = MethodOf<Extract<Row, { readonly arity: 2 }>>;
/** Methods of unary ops with a constant: f(x, k). */
export type ConstantMethod = MethodOf<Extract<Row, { readonly arity: 1; readonly constant: true }>>;
/** Methods of the other unary ops: f(x). */
export type UnaryMethod = Exclude<MethodOf<Extract<Row, { readonly arity: 1 }>>, ConstantMethod>;
/** Names of the expression language's functions that are single ops. */
export type OpFunctionName = Row extends infer R ? (R extends { readonly functions: readonly (infer F)[] } ? F : never) : never;

/**
 * The small arithmetic interface every differentiation method implements, one method per op
 * (the rows' `doc` say what each computes).
 *
 * The chain is written once against `Arith<V>` and run with plain floats (`V = number`), with a
 * tape (`V` is a node index), and with dual numbers (`V` carries tangents). Whatever the method,
 * the primitives are the same, so the three gradients come from the same program.
 */
export type Arith<V> = {
  /** A value that does not depend on anything being differentiated. */
  constant(c: number): V;
  /** The primal value carried by x. */
  value(x: V): number;
} & { readonly [M in BinaryMethod]: (x: V, y: V) => V } & { readonly [M in UnaryMethod]: (x: V) => V } & {
  readonly [M in ConstantMethod]: (x: V, k: number) => V;
};

/** Number of parents each op reads, indexed by op code. */
export const ARITY: readonly (0 | 1 | 2)[] = OPS.map((row) => row.arity);

/** The last code of a leaf or constant, the last binary code; unary codes follow. */
export const LAST_SOURCE = ARITY.lastIndexOf(0);
export const LAST_BINARY = ARITY.lastIndexOf(2);

/** Whether a unary op carries a constant (kept in the tape's second partial column for display), by op code. */
export const HAS_CONSTANT: readonly boolean[] = OPS.map((row) => 'constant' in row && row.constant === true);

/**
 * Short display names, as the tape table and the graph show them, indexed by op code: a plain
 * array, so it crosses a worker boundary as data.
 */
export const OP_NAMES: readonly string[] = OPS.map((row) => row.name);

/** The same names, looked up by op code. */
export const OP_NAME = OP_NAMES as unknown as Readonly<Record<OpCode, string>>;

/** The op each single-op function of the expression language records (ln → Log), by function name. */
export const FUNCTION_OPS: ReadonlyMap<string, OpCode> = new Map(
  OPS.flatMap((row, code) => ('functions' in row ? row.functions.map((f): [string, OpCode] => [f, code as OpCode]) : [])),
);

/** Kinks by op code: where the derivative does not exist and what the op uses there. */
export const KINKS: readonly (OpRow['kink'] | undefined)[] = OPS.map((row) => ('kink' in row ? row.kink : undefined));

const order = ARITY.join('');
if (!/^0+2+1*$/.test(order) || OPS.length > 127) {
  throw new Error(`engine/ops.ts: rows must be leaves and constants, then binary ops, then unary ops (arities ${order}), at most 127`);
}
