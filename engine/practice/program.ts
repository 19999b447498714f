/**
 * "Practice on this": a learner's own program (or expression) posed as an adjoints problem, the
 * same problem kind the generator poses, keyed by the tape's reverse sweep.
 */
import { compileExpression } from '../expr/compile.ts';
import { ExprInputError, ParseError } from '../expr/errors.ts';
import { adjointsKey, practiceNodes } from './adjoints.ts';
import { recordPractice } from './record.ts';
import type { AdjointsProblem } from './types.ts';

/** The most nodes a program may record to be posed: about as many adjoints as one sitting takes. */
export const PROGRAM_MAX_NODES = 16;

/** Why a program cannot be posed, in one sentence. */
export class ProgramPracticeError extends Error {
  override name = 'ProgramPracticeError';
}

/**
 * The adjoints problem for a program at a point: inputs take the values the program declares
 * (a = Value(2.0)), overridden by `given`. Throws `ProgramPracticeError` for a program that does
 * not parse, lacks a value, records more than PROGRAM_MAX_NODES nodes, computes something after
 * its output, or leaves its domain. An op that reads one value twice (z * z) is posed as it is
 * recorded: two edges, so that value's adjoint takes one contribution from each read.
 */
export function programProblem(source: string, given: Readonly<Record<string, number>> = {}): AdjointsProblem {
  let compiled;
  try {
    compiled = compileExpression(source);
  } catch (error) {
    if (error instanceof ParseError) throw new ProgramPracticeError(error.message);
    throw error;
  }
  const at: Record<string, number> = {};
  for (const name of compiled.variables) {
    const v = Object.hasOwn(given, name) ? given[name] : Object.hasOwn(compiled.declared, name) ? compiled.declared[name] : undefined;
    if (v === undefined) throw new ProgramPracticeError(`no value for '${name}': declare it with ${name} = Value(…) or give it a value`);
    if (!Number.isFinite(v)) throw new ProgramPracticeError(`the value of '${name}' must be a finite number`);
    Object.defineProperty(at, name, { value: v, enumerable: true, writable: true, configurable: true });
  }
  let recorded;
  try {
    recorded = recordPractice(source, at);
  } catch (error) {
    if (error instanceof ExprInputError) throw new ProgramPracticeError(error.message);
    if (error instanceof Error && /does not end in its value/.test(error.message)) {
      throw new ProgramPracticeError('the program computes more after its output: remove the lines after it to practise on it');
    }
    throw error;
  }
  const n = recorded.output + 1;
  if (n > PROGRAM_MAX_NODES) {
    throw new ProgramPracticeError(`the program records ${n} nodes; a practice problem takes at most ${PROGRAM_MAX_NODES}`);
  }
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(recorded.tape.value(i as never))) throw new ProgramPracticeError(`'${recorded.labels[i] ?? `v${i}`}' is not a finite number here`);
  }
  const answer = adjointsKey(recorded);
  if (Object.values(answer.adjoints).some((x) => !Number.isFinite(x))) throw new ProgramPracticeError('an adjoint is not finite at this point');
  return { kind: 'adjoints', seed: 0, level: 1, program: true, expression: source, at, nodes: practiceNodes(recorded), answer };
}
