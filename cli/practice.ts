import { compileExpression, ParseError, PRACTICE_KINDS, practiceProblem, programProblem, ProgramPracticeError, PROGRAM_MAX_NODES, type PracticeKind, type PracticeLevel, type PracticeProblem } from '../engine/index.ts';
import { parseAt } from './grad.ts';
import { integerOption, parseOptions, quoted } from './args.ts';
import { UsageError } from './errors.ts';
import { keyLines, practiceSheet, problemLines } from './practice-sheet.ts';
import { printJson } from './print-json.ts';

/** The most problems one command prints. */
export const PRACTICE_MAX_COUNT = 100;

export const PRACTICE_HELP = `tape-lab practice --kind adjoints|rule|bug [--level L] [--seed N] [--count K]
                 [--sheet | --json]
  Practice problems with answer keys, the same the page shows at #practice=KIND&level=L&seed=N.
  adjoints: type every node's adjoint; rule: write a local partial as an expression; bug: find
  the first wrong event of a recorded sweep. Levels: 1 a chain, 2 a value read twice, 3 a
  shared subexpression, 4 a neuron tanh(w·x + b) with its loss and weight decay (default 1). --seed N (default
  1) and --count K (default 1, up to ${PRACTICE_MAX_COUNT}) give seeds N … N+K−1. --sheet prints a
  Markdown problem sheet and a separate key (four significant digits); --json the problems.
tape-lab practice --program "PROGRAM" [--at x=1,y=2] [--sheet | --json]
  Your own program or expression (up to ${PROGRAM_MAX_NODES} nodes) as an adjoints problem, the same the
  page poses at #practice=adjoints&program=…; inputs take their Value(…) or --at values.`;

const OPTIONS = {
  kind: { type: 'string' },
  level: { type: 'string' },
  seed: { type: 'string' },
  count: { type: 'string' },
  sheet: { type: 'boolean' },
  json: { type: 'boolean' },
  program: { type: 'string' },
  at: { type: 'string' },
} as const;

/** The problems a command line asks for. */
export function practiceProblems(argv: string[]): { problems: PracticeProblem[]; sheet: boolean; json: boolean } {
  const { values } = parseOptions(argv, OPTIONS, 'practice');
  if (values.sheet && values.json) throw new UsageError('choose one of --sheet and --json');
  if (values.program !== undefined) return { problems: [programFromOptions(values.program, values.at, values)], sheet: values.sheet ?? false, json: values.json ?? false };
  if (values.at !== undefined) throw new UsageError('--at gives the values of a --program');
  if (values.kind === undefined) throw new UsageError(`give --kind ${PRACTICE_KINDS.join('|')}`);
  if (!(PRACTICE_KINDS as readonly string[]).includes(values.kind)) {
    throw new UsageError(`--kind must be ${PRACTICE_KINDS.join(', ')}; got ${quoted(values.kind)}`);
  }
  const kind = values.kind as PracticeKind;
  const level = (integerOption('level', values.level, 1, 4) ?? 1) as PracticeLevel;
  const seed = integerOption('seed', values.seed, 0, 0xffffffff) ?? 1;
  const count = integerOption('count', values.count, 1, PRACTICE_MAX_COUNT) ?? 1;
  if (seed + count - 1 > 0xffffffff) throw new UsageError(`--seed plus --count runs past the last seed, ${0xffffffff}`);
  const problems = Array.from({ length: count }, (_, i) => practiceProblem(kind, level, seed + i));
  return { problems, sheet: values.sheet ?? false, json: values.json ?? false };
}

/** `practice --program "…" [--at …]`: the program's adjoints problem, or one clear line why not. */
function programFromOptions(source: string, atText: string | undefined, values: { kind?: string; level?: string; seed?: string; count?: string }): PracticeProblem {
  if (values.kind !== undefined && values.kind !== 'adjoints') throw new UsageError(`--program poses an adjoints problem; got --kind ${quoted(values.kind)}`);
  for (const flag of ['level', 'seed', 'count'] as const) {
    if (values[flag] !== undefined) throw new UsageError(`--${flag} does not apply to --program: the program is the problem`);
  }
  let compiled;
  try {
    compiled = compileExpression(source);
  } catch (error) {
    if (error instanceof ParseError) throw new UsageError(error.message);
    throw error;
  }
  const at = parseAt(atText, compiled.variables.filter((v) => atText !== undefined || !Object.hasOwn(compiled.declared, v)), compiled.declared);
  try {
    return programProblem(source, at);
  } catch (error) {
    if (error instanceof ProgramPracticeError) throw new UsageError(error.message);
    throw error;
  }
}

/** `tape-lab practice`: problems and keys as text, a Markdown sheet, or JSON. */
export function practiceCommand(argv: string[]): string {
  const { problems, sheet, json } = practiceProblems(argv);
  if (json) return printJson({ problems });
  if (sheet) return practiceSheet(problems);
  return problems
    .map((p) => [p.kind === 'adjoints' && p.program ? 'adjoints, your program' : `${p.kind}, level ${p.level}, seed ${p.seed}`, '', ...problemLines(p), '', 'Key:', '', ...keyLines(p)].join('\n'))
    .join('\n\n' + '-'.repeat(72) + '\n\n');
}
