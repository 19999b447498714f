/**
 * A practice expression recorded on the real tape: parsed and compiled by the playground's code,
 * with common subexpressions merged, so a value written twice in the text ("ln(x*y) · (x*y)") is
 * one node read twice, as a student draws it.
 */
import { compileExpression, type NodeSource } from '../expr/compile.ts';
import { Op } from '../ops.ts';
import { registersFor, type Program } from '../program.ts';
import { Tape, type NodeId } from '../tape.ts';
import { describeTape, type TapeView } from '../tape-view.ts';

/** An expression on a tape, one node per distinct primitive. */
export interface RecordedPractice {
  tape: Tape;
  /** The node of the expression's value (the last one recorded). */
  output: NodeId;
  /** Variables in order of first appearance: nodes 0 … n−1. */
  variables: string[];
  /** Per node: the source text it computes ("sin(x*y)"), or the variable's name. */
  labels: string[];
}

/**
 * Merges instructions that compute the same op of the same operands with the same constant
 * (they are pure, so their values are equal): the program a student would write for the
 * expression, each subexpression computed once.
 */
export function shareCommon(p: Program, sources: readonly NodeSource[]): { program: Program; sources: NodeSource[] } {
  const map = new Int32Array(p.inputs + p.op.length);
  for (let i = 0; i < p.inputs; i++) map[i] = i;
  const seen = new Map<string, number>();
  const op: number[] = [];
  const lhs: number[] = [];
  const rhs: number[] = [];
  const k: number[] = [];
  const kept: NodeSource[] = sources.slice(0, p.inputs);
  for (let i = 0; i < p.op.length; i++) {
    const a = map[p.lhs[i]];
    const b = map[p.rhs[i]];
    const key = `${p.op[i]}:${a}:${b}:${p.constant[i]}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      map[p.inputs + i] = earlier;
      continue;
    }
    const reg = p.inputs + op.length;
    seen.set(key, reg);
    map[p.inputs + i] = reg;
    op.push(p.op[i]);
    lhs.push(a);
    rhs.push(b);
    k.push(p.constant[i]);
    kept.push(sources[p.inputs + i]);
  }
  const program: Program = {
    inputs: p.inputs,
    op: Uint8Array.from(op),
    lhs: Int32Array.from(lhs),
    rhs: Int32Array.from(rhs),
    constant: Float64Array.from(k),
    output: map[p.output],
  };
  return { program, sources: kept };
}

/**
 * Records `expression` at the point `at` on a tape, as the playground compiles it, with common
 * subexpressions merged. Throws the parser's ParseError for a malformed expression.
 */
export function recordPractice(expression: string, at: Readonly<Record<string, number>>): RecordedPractice {
  const compiled = compileExpression(expression);
  const { program, sources } = shareCommon(compiled.program, compiled.nodes);
  if (program.output !== program.inputs + program.op.length - 1) {
    throw new Error(`internal: '${expression}' does not end in its value`);
  }
  const tape = new Tape(program.inputs + program.op.length + 1);
  const leaves = compiled.variables.map((name) => tape.leaf(at[name]));
  const output = tape.replay(program, registersFor(program, leaves));
  return { tape, output, variables: [...compiled.variables], labels: sources.map((s) => s.label) };
}

/** The display id of node i: "v3". */
export function nodeId(i: number): string {
  return `v${i}`;
}

/** Node i of an id ("v3" → 3), or −1. */
export function nodeIndex(id: string): number {
  return /^v\d+$/.test(id) ? Number(id.slice(1)) : -1;
}

/** True for a node with no parents that is not an input: a constant has no adjoint to ask for. */
export function isConstantNode(tape: Tape, i: number): boolean {
  return tape.op(i) === Op.Const;
}

/**
 * The practice expression's tape as the tape and graph components draw it: values, local
 * partials, the sweep and the overwriting sweep, with inputs named by their variables.
 */
export function recordedView(r: RecordedPractice): TapeView {
  return describeTape(r.tape, r.output, (i) => (i < r.variables.length ? r.variables[i] : r.labels[i] ?? ''));
}
