import { PRACTICE_KINDS, practiceProblem, type PracticeKind, type PracticeLevel, type PracticeProblem } from '../engine/index.ts';
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
  Markdown problem sheet and a separate key (four significant digits); --json the problems.`;

const OPTIONS = {
  kind: { type: 'string' },
  level: { type: 'string' },
  seed: { type: 'string' },
  count: { type: 'string' },
  sheet: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

/** The problems a command line asks for. */
export function practiceProblems(argv: string[]): { problems: PracticeProblem[]; sheet: boolean; json: boolean } {
  const { values } = parseOptions(argv, OPTIONS, 'practice');
  if (values.kind === undefined) throw new UsageError(`give --kind ${PRACTICE_KINDS.join('|')}`);
  if (!(PRACTICE_KINDS as readonly string[]).includes(values.kind)) {
    throw new UsageError(`--kind must be ${PRACTICE_KINDS.join(', ')}; got ${quoted(values.kind)}`);
  }
  const kind = values.kind as PracticeKind;
  const level = (integerOption('level', values.level, 1, 4) ?? 1) as PracticeLevel;
  const seed = integerOption('seed', values.seed, 0, 0xffffffff) ?? 1;
  const count = integerOption('count', values.count, 1, PRACTICE_MAX_COUNT) ?? 1;
  if (seed + count - 1 > 0xffffffff) throw new UsageError(`--seed plus --count runs past the last seed, ${0xffffffff}`);
  if (values.sheet && values.json) throw new UsageError('choose one of --sheet and --json');
  const problems = Array.from({ length: count }, (_, i) => practiceProblem(kind, level, seed + i));
  return { problems, sheet: values.sheet ?? false, json: values.json ?? false };
}

/** `tape-lab practice`: problems and keys as text, a Markdown sheet, or JSON. */
export function practiceCommand(argv: string[]): string {
  const { problems, sheet, json } = practiceProblems(argv);
  if (json) return printJson({ problems });
  if (sheet) return practiceSheet(problems);
  return problems
    .map((p) => [`${p.kind}, level ${p.level}, seed ${p.seed}`, '', ...problemLines(p), '', 'Key:', '', ...keyLines(p)].join('\n'))
    .join('\n\n' + '-'.repeat(72) + '\n\n');
}
