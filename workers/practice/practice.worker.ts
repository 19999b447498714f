/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import {
  answerFields,
  checkBugMark,
  checkRule,
  describeEvent,
  diagnoseAdjoints,
  practiceProblem,
  practiceSteps,
  practiceTapeView,
  programProblem,
  recordPractice,
  revealItems,
  type PracticeProblem,
} from '../../engine/practice/index.ts';
import { tapeViewBuffers } from '../channel/transfer.ts';
import type { PracticeBundle, PracticeRequest, PracticeWorkerApi } from './protocol.ts';

/** The last problem asked for: Check asks about the problem on screen. */
let last: { key: string; problem: PracticeProblem } | null = null;

function problemOf(r: PracticeRequest): PracticeProblem {
  const key = r.program !== undefined ? `program:${r.program}` : `${r.kind}:${r.level}:${r.seed}`;
  if (last?.key !== key) last = { key, problem: r.program !== undefined ? programProblem(r.program) : practiceProblem(r.kind, r.level, r.seed) };
  return last.problem;
}

function expect<K extends PracticeProblem['kind']>(p: PracticeProblem, kind: K): Extract<PracticeProblem, { kind: K }> {
  if (p.kind !== kind) throw new Error(`a ${p.kind} problem cannot be checked as ${kind}`);
  return p as Extract<PracticeProblem, { kind: K }>;
}

/** Practice problems, their keys and the diagnosis: generated and checked here, never on the main thread. */
const api = {
  problem(request: PracticeRequest): PracticeBundle {
    const problem = problemOf(request);
    if (problem.kind === 'rule') return { problem, view: null, labels: [], fields: [], steps: [], events: [], reveal: revealItems(problem) };
    const recorded = recordPractice(problem.expression, problem.at);
    const view = practiceTapeView(problem);
    const bundle: PracticeBundle = {
      problem,
      view,
      labels: recorded.labels,
      fields: problem.kind === 'adjoints' ? answerFields(problem) : [],
      steps: practiceSteps(problem),
      events: problem.kind === 'bug' ? problem.events.map(describeEvent) : [],
      reveal: revealItems(problem),
    };
    return Comlink.transfer(bundle, tapeViewBuffers(view));
  },
  diagnose(request, answers) {
    return diagnoseAdjoints(expect(problemOf(request), 'adjoints'), answers);
  },
  checkRule(request, rules) {
    return checkRule(expect(problemOf(request), 'rule'), rules);
  },
  checkBug(request, index) {
    return checkBugMark(expect(problemOf(request), 'bug'), index);
  },
} satisfies PracticeWorkerApi;

Comlink.expose(api);
