import { chainLoss, recordStep, stepsOf, type ChainParams } from './chain.ts';
import { Op, OP_NAMES } from './ops.ts';
import { Tape, type NodeId, type SweepTrace } from './tape.ts';

/**
 * A recorded tape as plain columns, with its reverse sweep as events: everything the graph, the
 * sweep animation and the tape table draw. Built in the worker; the UI never re-derives a
 * derivative from it.
 */
export interface TapeView {
  /** Nodes 0 … length−1 (the output is the last). */
  length: number;
  op: Uint8Array;
  /** First and second parent, −1 where the op has fewer. */
  parent0: Int32Array;
  parent1: Int32Array;
  /** ∂node/∂parent for each parent (NaN where there is no parent). */
  partial0: Float64Array;
  partial1: Float64Array;
  /** The constant a unary op carries (k of k·x, x + k, x^p), NaN otherwise. */
  constant: Float64Array;
  value: Float64Array;
  /** adj[node] after the sweep, accumulating with +=. */
  adjoint: Float64Array;
  /** How many times each node is read by later nodes (fan-out ≥ 2 collects several contributions). */
  uses: Int32Array;
  /** The label of each input and constant ('x₀', 'a₃', 'c', …), '' for computed nodes. */
  name: string[];
  /** The output node (the loss). */
  output: number;
  /** Display name of each op code ('mul', 'tanh', …), indexed by the codes in `op`. */
  opNames: readonly string[];
  /** The sweep, one event per edge, newest node first. */
  sweep: SweepTrace;
  /** The same sweep with adj[parent] = … instead of += (the classic bug). */
  overwrite: SweepTrace;
  /**
   * Nodes where the overwriting sweep first goes wrong: a node read two or more times whose
   * overwritten adjoint differs from the sum of the contributions it was sent. Every other wrong
   * adjoint is inherited from one of these.
   */
  divergesAt: Int32Array;
}

/** The chain-specific part of a view: which step each node belongs to. */
export interface ChainTapeView extends TapeView {
  steps: number;
  /** The chain step t a node is computed in (0 … T−1); −1 for c and x₀; T for the loss. */
  step: Int32Array;
  /** Node of x_t for t = 0 … T. */
  stateNode: Int32Array;
}

/** Describes nodes 0 … output of a tape, with names for its leaves and constants. */
export function describeTape(tape: Tape, output: NodeId, name: (node: number) => string = () => ''): TapeView {
  const n = output + 1;
  const view: TapeView = {
    length: n,
    op: new Uint8Array(n),
    parent0: new Int32Array(n).fill(-1),
    parent1: new Int32Array(n).fill(-1),
    partial0: new Float64Array(n).fill(NaN),
    partial1: new Float64Array(n).fill(NaN),
    constant: new Float64Array(n).fill(NaN),
    value: new Float64Array(n),
    adjoint: Float64Array.from(tape.backward(output)),
    uses: new Int32Array(n),
    name: [],
    output,
    opNames: OP_NAMES,
    sweep: tape.trace(output),
    overwrite: tape.trace(output, { overwrite: true }),
    divergesAt: new Int32Array(0),
  };
  for (let i = 0; i < n; i++) {
    view.op[i] = tape.op(i);
    view.value[i] = tape.value(i as NodeId);
    view.constant[i] = tape.opConstant(i) ?? NaN;
    const parents = tape.parents(i);
    const partials = tape.partials(i);
    if (parents.length > 0) {
      view.parent0[i] = parents[0];
      view.partial0[i] = partials[0];
      view.uses[parents[0]]++;
    }
    if (parents.length > 1) {
      view.parent1[i] = parents[1];
      view.partial1[i] = partials[1];
      view.uses[parents[1]]++;
    }
    view.name.push(tape.op(i) <= Op.Const ? name(i) : '');
  }
  view.divergesAt = divergence(view);
  return view;
}

/** Nodes read at least twice whose overwritten adjoint is not the sum of what they were sent. */
function divergence(view: TapeView): Int32Array {
  const sent = new Float64Array(view.length);
  sent[view.output] = 1;
  const t = view.overwrite;
  for (let k = 0; k < t.count; k++) sent[t.parent[k]] += t.contribution[k];
  const out: number[] = [];
  for (let i = 0; i < view.length; i++) {
    if (view.uses[i] >= 2 && !Object.is(t.adjoint[i], sent[i])) out.push(i);
  }
  return Int32Array.from(out);
}

/**
 * The chain recorded on a tape for display: c and x₀, then for each step a_t, b_t and the step's
 * primitives, then the loss. The same recording `reverseGradient` makes.
 */
export function chainTapeView(params: ChainParams): ChainTapeView {
  const T = stepsOf(params);
  const tape = new Tape(2 + 15 * T);
  const names = new Map<number, string>();
  const stepOf: number[] = [];
  const mark = (from: number, t: number) => {
    for (let i = from; i < tape.length; i++) stepOf[i] = t;
  };
  const c = tape.leaf(params.c);
  names.set(c, 'c');
  let x = tape.leaf(params.x0);
  names.set(x, 'x₀');
  mark(0, -1);
  const stateNode = new Int32Array(T + 1);
  stateNode[0] = x;
  for (let t = 0; t < T; t++) {
    const start = tape.length;
    const a = tape.leaf(params.a[t]);
    const b = tape.leaf(params.b[t]);
    names.set(a, `a${subscript(t)}`);
    names.set(b, `b${subscript(t)}`);
    x = recordStep(tape, t, x, a, b, c);
    stateNode[t + 1] = x;
    mark(start, t);
  }
  const lossStart = tape.length;
  const loss = chainLoss(tape, x, params.target);
  mark(lossStart, T);
  const view = describeTape(tape, loss, (i) => names.get(i) ?? '');
  return { ...view, steps: T, step: Int32Array.from(stepOf), stateNode };
}

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';

/** 12 → '₁₂'. */
export function subscript(n: number): string {
  return String(n).replace(/\d/g, (d) => SUBSCRIPTS[Number(d)]);
}
