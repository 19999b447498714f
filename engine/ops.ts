/**
 * Op codes of the scalar tape. Stored in the top byte of each node's first parent word, so they
 * must stay below 128.
 */
export const Op = {
  Leaf: 0,
  Const: 1,
  Add: 2,
  Sub: 3,
  Mul: 4,
  Div: 5,
  Neg: 6,
  MulConst: 7,
  AddConst: 8,
  Sin: 9,
  Cos: 10,
  Tanh: 11,
  Exp: 12,
  Log: 13,
  Sqrt: 14,
  Square: 15,
  Relu: 16,
  Abs: 17,
  PowConst: 18,
} as const;

export type OpCode = (typeof Op)[keyof typeof Op];

/** Number of parents each op reads: 0 for leaves and constants, 1 for unary, 2 for binary. */
export const ARITY: Readonly<Record<OpCode, 0 | 1 | 2>> = {
  [Op.Leaf]: 0,
  [Op.Const]: 0,
  [Op.Add]: 2,
  [Op.Sub]: 2,
  [Op.Mul]: 2,
  [Op.Div]: 2,
  [Op.Neg]: 1,
  [Op.MulConst]: 1,
  [Op.AddConst]: 1,
  [Op.Sin]: 1,
  [Op.Cos]: 1,
  [Op.Tanh]: 1,
  [Op.Exp]: 1,
  [Op.Log]: 1,
  [Op.Sqrt]: 1,
  [Op.Square]: 1,
  [Op.Relu]: 1,
  [Op.Abs]: 1,
  [Op.PowConst]: 1,
};


/**
 * Short display names, as the tape table and the graph show them, indexed by op code: a plain
 * array, so it crosses a worker boundary as data. (Building such an array at load by enumerating
 * a record keyed by op code, with Object.entries, made the tape record about twice as slowly in
 * the same process — V8, measured with tape-lab bench — for reasons we did not pin down.)
 */
export const OP_NAMES: readonly string[] = [
  'input',
  'const',
  'add',
  'sub',
  'mul',
  'div',
  'neg',
  'scale',
  'shift',
  'sin',
  'cos',
  'tanh',
  'exp',
  'log',
  'sqrt',
  'square',
  'relu',
  'abs',
  'pow',
];

/** The same names, looked up by op code. */
export const OP_NAME = OP_NAMES as unknown as Readonly<Record<OpCode, string>>;
