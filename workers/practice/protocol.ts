import type { TapeView } from '../../engine/tape-view.ts';
import type {
  FieldVerdict,
  PracticeKind,
  PracticeLevel,
  PracticeProblem,
  PracticeStep,
  RevealItem,
  RuleVerdict,
} from '../../engine/practice/index.ts';

/** Which problem: the page's hash, `#practice=KIND&level=L&seed=N`. */
export interface PracticeRequest {
  kind: PracticeKind;
  level: PracticeLevel;
  seed: number;
  /** A learner's own program, posed as an adjoints problem (`&program=…`). */
  program?: string;
}

/** A problem with what the page draws for it, all computed in the worker. */
export interface PracticeBundle {
  problem: PracticeProblem;
  /** The tape as the graph and tape components draw it (adjoints and bug problems). */
  view: TapeView | null;
  /** Per node: the source text it computes ("sin(x*y)"), or the variable's name. */
  labels: string[];
  /** Node ids whose adjoints the student types, in sweep order (adjoints problems). */
  fields: string[];
  /** The right sweep, one sentence a step, for "Show the next step". */
  steps: PracticeStep[];
  /** For a bug problem: each event as a sentence. */
  events: string[];
  /** The answers in the order a lecturer reveals them (presentation mode), each with its equation. */
  reveal: RevealItem[];
}

/** What the practice worker (practice.worker.ts) answers. */
export interface PracticeWorkerApi {
  problem(request: PracticeRequest): PracticeBundle;
  /** Marks an adjoints problem's answers and names the mistakes. */
  diagnose(request: PracticeRequest, answers: Record<string, number | null>): FieldVerdict[];
  /** Checks a rule problem's rules at its points. */
  checkRule(request: PracticeRequest, rules: Record<string, string>): RuleVerdict[];
  /** Checks the event a student marked as a bug problem's first wrong one. */
  checkBug(request: PracticeRequest, index: number): { right: boolean; message: string };
}
