import { BUG_NAMES, bugsReport, defaultParams, type BugName, type BugOutcome, type BugsReport } from '../engine/index.ts';
import { parseOptions } from './args.ts';
import { UsageError } from './errors.ts';
import { bugScript } from './torch-scripts/index.ts';
import { printJson } from './print-json.ts';
import { fmt, fmtBytes } from './table.ts';

export const BUGS_HELP = `tape-lab bugs [--json | --script NAME]
  The bugs a framework user meets, each run on the real tape of the default chain (T = 40):
  zero-grad, detach, in-place, retain-graph, overwrite, free-late, float32; graph-alive on the
  tensor section's training (400 steps). For each: the PyTorch lines that cause it, the fix,
  and what happens — the right and the buggy gradient, the error a framework raises, or the
  peak bytes held. --script NAME prints a Python script that runs the same bug in PyTorch
  (1.13) with the same numbers; its last line is that bug's correct and buggy blocks of --json:
    npm run -s lab -- bugs --script in-place > inplace.py && python3 inplace.py`;

const OPTIONS = { json: { type: 'boolean' }, script: { type: 'string' } } as const;

/** The outcome as `bugs --json` prints it: a gradient, an error, bytes, graph-alive's nodes and evaluation loop, float32's step h. */
function outcomeJson(o: BugOutcome): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (o.gradient) out.gradient = o.gradient;
  if (o.error !== undefined) out.error = o.error;
  if (o.bytes !== undefined) out.bytes = o.bytes;
  if (o.nodes !== undefined) out.nodes = o.nodes;
  if (o.evaluation !== undefined) out.evaluation = o.evaluation;
  if (o.bestEps !== undefined) out.bestEps = o.bestEps;
  return out;
}

/** The JSON of `bugs --json`: `bugs`, a list of {name, pytorch, fix, correct, buggy}. */
export function bugsJson(r: BugsReport): Record<string, unknown> {
  return {
    bugs: r.bugs.map((b) => ({ name: b.name, pytorch: b.pytorch, fix: b.fix, correct: outcomeJson(b.correct), buggy: outcomeJson(b.buggy) })),
  };
}

/** A side in one line: the gradient's first, middle and last a_t, the error, or the bytes. */
function outcomeText(o: BugOutcome): string {
  const parts: string[] = [];
  if (o.gradient) {
    const a = o.gradient.a;
    const T = a.length;
    const m = Math.floor(T / 2);
    parts.push(`dL/da_0 = ${fmt(a[0], 8)}, dL/da_${m} = ${fmt(a[m], 8)}, dL/da_${T - 1} = ${fmt(a[T - 1], 8)}`);
  }
  if (o.bestEps !== undefined) parts.push(`best h ${fmt(o.bestEps)}, RMS error there ${fmt(o.errorFloor)}`);
  if (o.nodes !== undefined) parts.push(`training: ${o.nodes} autograd nodes and ${fmtBytes(o.bytes ?? NaN)} of saved tensors still held`);
  else if (o.bytes !== undefined) parts.push(fmtBytes(o.bytes));
  if (o.evaluation !== undefined) parts.push(`evaluation: ${o.evaluation.nodes} nodes and ${fmtBytes(o.evaluation.bytes)} of saved tensors`);
  if (o.error !== undefined) parts.push(`error: ${o.error}`);
  return parts.join('; ');
}

/** `tape-lab bugs`: each bug on the default chain. */
export function bugsCommand(argv: string[]): string {
  const { values } = parseOptions(argv, OPTIONS, 'bugs');
  const script = values.script;
  if (script !== undefined && !(BUG_NAMES as readonly string[]).includes(script)) {
    throw new UsageError(`--script takes one of ${BUG_NAMES.join(', ')}; got ${JSON.stringify(script)}`);
  }
  if (script !== undefined && values.json) throw new UsageError('--script and --json do not go together: the script prints the JSON itself');
  const r = bugsReport(defaultParams(40));
  if (script !== undefined) return bugScript(script as BugName, r);
  if (values.json) return printJson(bugsJson(r));
  const indent = (text: string) => text.split('\n').map((l) => `    ${l}`).join('\n');
  const blocks = r.bugs.map((b) =>
    [
      `${b.name}`,
      `  PyTorch:`,
      indent(b.pytorch),
      `  fix:`,
      indent(b.fix),
      `  correct: ${outcomeText(b.correct)}`,
      `  buggy:   ${outcomeText(b.buggy)}`,
      `  why: ${b.why}`,
    ].join('\n'),
  );
  return [`The bugs you will meet, on the chain of T = ${r.steps} steps (detach at step ${r.detachStep}, in-place on x_${r.inPlaceStep})`, '', blocks.join('\n\n')].join('\n');
}
