/**
 * Practice problems as plain data: exactly what `tape-lab practice --json` prints and what the
 * page shows for the same (kind, level, seed). Node ids are "v0", "v1", … in recording order.
 */
export type { PracticeKind } from './prng.ts';

/** The levels: 1 a chain, 2 fan-out, 3 a shared subexpression, 4 a neuron with its loss and weight decay. */
export type PracticeLevel = 1 | 2 | 3 | 4;
export const PRACTICE_LEVELS: readonly PracticeLevel[] = [1, 2, 3, 4];

/** One node of a problem's tape: its op, the nodes it reads, its value and ∂node/∂input. */
export interface PracticeNode {
  id: string;
  /** The tape's op name: 'input', 'mul', 'sin', 'scale' (k·u), 'shift' (u + k), 'pow', … */
  op: string;
  inputs: string[];
  value: number;
  /** ∂node/∂input for each input, keyed by the input's id (for an input read twice, the sum of its reads'). */
  partials: Record<string, number>;
  /**
   * Only on a node that reads one input twice (z·z, whose `inputs` are [z, z]): the local partial
   * of each read, in the order of `inputs`. Each read is an edge of its own and sends its own
   * contribution back, as micrograd's `self.grad += …; other.grad += …` does.
   */
  readPartials?: number[];
}

/** The local partial on the edge into `node` from its input in `slot`: one read's partial. */
export function edgePartial(node: PracticeNode, slot: number): number {
  return node.readPartials?.[slot] ?? node.partials[node.inputs[slot]];
}

/** The key of an adjoints problem, from the tape's reverse sweep. */
export interface AdjointsAnswer {
  /** ∂f/∂node for every node (the output's is the seed, 1). */
  adjoints: Record<string, number>;
  /** ∂f/∂variable: the adjoints of the inputs, by variable name. */
  gradient: Record<string, number>;
}

/** Type every node's adjoint, in sweep order. */
export interface AdjointsProblem {
  kind: 'adjoints';
  seed: number;
  level: PracticeLevel;
  /** In the playground's syntax. */
  expression: string;
  /** The value of each variable. */
  at: Record<string, number>;
  /** In recording order; the last node is the output. */
  nodes: PracticeNode[];
  answer: AdjointsAnswer;
  /** Posed from a learner's own program (practice --program): level and seed then mean nothing. */
  program?: boolean;
}

/** One point a rule is checked at: the variables' values and the slopes there, by the tape. */
export interface RulePoint {
  at: Record<string, number>;
  /** ∂f/∂variable at this point, by the tape's reverse sweep. */
  slope: Record<string, number>;
}

/** Write ∂f/∂u (and ∂f/∂w for an op of two inputs) as an expression. */
export interface RuleProblem {
  kind: 'rule';
  seed: number;
  level: PracticeLevel;
  /** f as an expression of its variables: "u*sin(u)". */
  op: string;
  variables: string[];
  /** One rule per variable: ∂f/∂u as an expression in the playground's syntax. */
  answer: Record<string, string>;
  /** Where a student's rule is checked (at least five points inside f's domain). */
  points: RulePoint[];
}

/** The mistakes a recorded sweep can hold. */
export type SweepBug = 'overwrite' | 'missing-factor' | 'swapped-partial' | 'sign';

/** One event of a recorded reverse sweep: adj[parent] += partial · adj[node]. */
export interface SweepEvent {
  /** The node whose adjoint is passed back. */
  node: string;
  /** The node receiving a contribution. */
  parent: string;
  /** The factor the sweep multiplied by (the local partial ∂node/∂parent when right). */
  partial: number;
  /** adj[node] as the sweep read it. */
  nodeAdjoint: number;
  /** What the sweep added (partial · nodeAdjoint when right). */
  contribution: number;
  /** adj[parent] before and after the event (after = before + contribution when right). */
  before: number;
  after: number;
}

/** Step through a recorded sweep and mark its first wrong event. */
export interface BugProblem {
  kind: 'bug';
  seed: number;
  level: PracticeLevel;
  expression: string;
  at: Record<string, number>;
  nodes: PracticeNode[];
  /** The recorded sweep, in sweep order: right except one event; later events carry its error on. */
  events: SweepEvent[];
  /** Index into `events` of the wrong event, and what is wrong with it. */
  wrongEvent: { index: number; mistake: SweepBug };
}

export type PracticeProblem = AdjointsProblem | RuleProblem | BugProblem;
