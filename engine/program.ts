import { applyOp, TracerOps } from './generated/arithmetics.ts';
import { ARITY, LAST_SOURCE, Op, type Arith } from './ops.ts';

/**
 * A straight-line program over the primitives: what a function written against `Arith` does,
 * recorded once by running it with a tracing arithmetic.
 *
 * The chain is written once as a generic function. The float arithmetic calls it directly;
 * forward mode runs its traced program here and the tape records it (`Tape.replay`, or for the
 * chain's step a recorder written out from the program: codegen.ts), so the
 * generic function's call sites stay monomorphic and V8 keeps inlining the primitives there (see
 * STEP_PROGRAM in chain.ts). The program holds the same primitives in the same order: the tests
 * check that running it gives the generic function's results bit for bit.
 *
 * Registers 0 … inputs−1 are the inputs; op i writes register inputs + i.
 */
export interface Program {
  /** Number of input registers. */
  readonly inputs: number;
  /** Op code of each instruction. */
  readonly op: Uint8Array;
  /** First operand register. */
  readonly lhs: Int32Array;
  /** Second operand register (binary ops). */
  readonly rhs: Int32Array;
  /** The constant of `constant`, `mulConst`, `addConst` and `powConst`. */
  readonly constant: Float64Array;
  /**
   * For an instruction whose constant is one of the traced function's numeric parameters, that
   * parameter's index (its value is given at run time); −1 for a literal constant. Absent when
   * the program has no numeric parameters.
   */
  readonly parameter?: Int32Array;
  /** The register holding the result. */
  readonly output: number;
}

/** Thrown when a traced function asks for a value: a straight-line program cannot branch on it. */
export class TraceError extends Error {
  override name = 'TraceError';
}

/**
 * Stand-ins for numeric parameters while tracing: subnormal numbers, which no constant of a real
 * definition is. A parameter passed straight to a primitive is recognised; one that the function
 * computed with first is not, and the program would then differ from the function at other
 * parameter values — the tests run both at several values to catch that.
 */
function placeholder(j: number): number {
  return Number.MIN_VALUE * (3 + 2 * j);
}

/** An arithmetic that records instructions instead of computing: `V` is a register index. */
class Tracer extends TracerOps<number> implements Arith<number> {
  op: number[] = [];
  lhs: number[] = [];
  rhs: number[] = [];
  k: number[] = [];
  param: number[] = [];
  constructor(
    readonly inputs: number,
    readonly parameters: number,
  ) {
    super();
  }

  /** Appends one instruction; the op methods (generated/arithmetics.ts) call it with their op. */
  protected record(op: number, x: number, y: number, k: number): number {
    let j = -1;
    for (let i = 0; i < this.parameters; i++) if (k === placeholder(i)) j = i;
    this.op.push(op);
    this.lhs.push(x);
    this.rhs.push(y);
    this.k.push(j >= 0 ? NaN : k);
    this.param.push(j);
    return this.inputs + this.op.length - 1;
  }
  constant(c: number) {
    return this.record(Op.Const, 0, 0, c);
  }
  value(): number {
    throw new TraceError('a traced function read a value: straight-line programs cannot branch on data');
  }
}

/**
 * Records `fn`, a function of `inputs` values written against `Arith` and of `parameters` plain
 * numbers that it passes straight to primitives as their constants, as a program.
 */
export function trace(
  inputs: number,
  fn: <V>(ar: Arith<V>, args: V[], numbers: number[]) => V,
  parameters = 0,
): Program {
  const tracer = new Tracer(inputs, parameters);
  const args = Array.from({ length: inputs }, (_, i) => i);
  const numbers = Array.from({ length: parameters }, (_, j) => placeholder(j));
  const output = fn(tracer, args, numbers);
  return {
    inputs,
    op: Uint8Array.from(tracer.op),
    lhs: Int32Array.from(tracer.lhs),
    rhs: Int32Array.from(tracer.rhs),
    constant: Float64Array.from(tracer.k),
    parameter: parameters > 0 ? Int32Array.from(tracer.param) : undefined,
    output,
  };
}

/** Node-id registers for `Tape.replay` of p: the given inputs, then room for every instruction. */
export function registersFor(p: Program, inputs: ArrayLike<number> = []): Int32Array {
  const regs = new Int32Array(p.inputs + p.op.length);
  regs.set(inputs);
  return regs;
}

/**
 * Runs a program with any arithmetic. `regs` holds the inputs in its first slots and receives
 * every instruction's result after them (it grows as needed, so it can be reused).
 */
export function runProgram<V>(ar: Arith<V>, p: Program, regs: V[], numbers: readonly number[] = []): V {
  for (let i = 0; i < p.op.length; i++) regs[p.inputs + i] = apply(ar, p, i, regs, numbers);
  return regs[p.output];
}

/** Instruction i of p on registers `regs`, with any arithmetic. */
export function apply<V>(ar: Arith<V>, p: Program, i: number, regs: readonly V[], numbers: readonly number[] = []): V {
  const x = regs[p.lhs[i]];
  const y = regs[p.rhs[i]];
  const j = p.parameter ? p.parameter[i] : -1;
  const k = j >= 0 ? numbers[j] : p.constant[i];
  const op = p.op[i];
  if (op < LAST_SOURCE || op >= ARITY.length) throw new TraceError(`op ${op} cannot appear in a program`);
  return applyOp(ar, op, x, y, k);
}
