/**
 * Practice: backprop by hand. Problems generated from (kind, level, seed), answer keys from the
 * tape, and the diagnosis that names a mistake.
 */
export * from './types.ts';
export { PRACTICE_KINDS, MAX_PRACTICE_SEED, practiceProblem, practiceTapeView, practiceSteps, answerFields, type PracticeStep } from './problem.ts';
export { adjointsProblem } from './adjoints.ts';
export { LEVEL_NODES } from './templates.ts';
export { ruleProblem, checkRule, RULES, RULE_POINTS, RULE_TOLERANCE, type RuleVerdict } from './rule.ts';
export { bugProblem, checkBugMark, describeEvent, explainBug, possibleBugs } from './bug.ts';
export { revealItems, type RevealItem } from './reveal.ts';
export { diagnoseAdjoints, type AdjointMistake, type FieldVerdict } from './diagnose.ts';
export { sweepEvents, type InjectedBug } from './sweep.ts';
export { withinTolerance, round4, show4, RELATIVE_TOLERANCE, ABSOLUTE_TOLERANCE } from './numbers.ts';
export { Prng, prngFor } from './prng.ts';
export { shareCommon, recordPractice, type RecordedPractice } from './record.ts';
export { programProblem, ProgramPracticeError, PROGRAM_MAX_NODES } from './program.ts';
