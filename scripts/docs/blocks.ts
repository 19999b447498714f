/**
 * The parts of README.md and docs/ whose figures come from commands: each block names the
 * commands it runs (shown in the doc) and writes its text from their output. `npm run docs`
 * writes them into the files between `<!-- figures: NAME -->` and `<!-- /figures: NAME -->`;
 * test/scripts/docs-figures.test.ts (and docs-figures-more) run the same commands and fail when a doc no longer says
 * what they print.
 */
import { readFileSync } from 'node:fs';
import { CHAPTER_COUNT, CHAPTER_ORDER } from '../../app/lesson/chapters/order.ts';
import { blockText } from './sync.ts';
import { parseWords } from '../../app/lesson/words/parse.ts';
import { frontier, leastMemory } from '../../engine/checkpoint/frontier.ts';
import { commandJson, commandLine } from './command.ts';
import { bytes, count, fixed, sci, shown, step, sub, table, wrap } from './format.ts';

export interface DocBlock {
  /** The file, from the repository's root. */
  file: string;
  name: string;
  /** The block's text, from the commands' output. */
  render(): string;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON read from the commands, checked by the doc test. */
type Json = any;

const RUN = ['run'];
const AUDIT = ['audit'];
const LONG = ['run', '--steps', '100000'];
const SCHEDULES = [
  ['schedule', '--steps', '40', '--stride', '1'],
  ['schedule', '--steps', '40', '--stride', '4'],
  ['schedule', '--steps', '40', '--schedule', 'revolve', '--snapshots', '3'],
];
const GRAD = ['grad', 'x*y + sin(x*x)', '--at', 'x=0.5,y=4'];
const TRADEOFFS = ['tradeoffs'];
const SATURATING = ['run', '--params', 'docs/saturating-gain.json'];
const DEFAULT_200 = ['run', '--steps', '200'];

const run = () => commandJson<Json>(RUN);
const audit = () => commandJson<Json>(AUDIT);

/** Decades between the largest and the smallest magnitude of a gradient's components. */
function decades(gradient: { a: number[]; b: number[] }): number {
  const all = [...gradient.a, ...gradient.b].map(Math.abs).filter((x) => x > 0);
  return Math.log10(Math.max(...all) / Math.min(...all));
}

/** A checkpoint run's held items (stored states, recorded steps and the working state) and its recomputation. */
function periodicSentence(r: Json): string {
  const c = r.checkpoint;
  return `A periodic checkpoint schedule with stride ${c.stride} holds at most ${c.storedStates} items (stored states, recorded steps and the working state) instead of ${c.fullTapeStates}, and recomputes ${c.recomputedSteps} steps (${c.stepEvaluations} step evaluations, ${fixed(c.workUnits)} work units).`;
}

/** A file of the repository, from its root. */
const repoFile = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** A chapter's title, the first line of its words.md, read as the page reads it. */
function chapterTitle(slug: string): string {
  const words = `app/lesson/chapters/${slug}/words.md`;
  return parseWords(repoFile(words), words).title;
}

/**
 * docs/teaching.md's table of chapters, in the order of app/lesson/chapters/order.ts: each chapter's
 * number, its title (the first line of its words.md), what the class sees and does (kept from the
 * doc's own row for that chapter, found by its link) and its `#lesson=<slug>` link. Moving a chapter
 * in the list and running `npm run docs` moves its row.
 */
function chapterTable(): string {
  const HEAD = ['| # | chapter | what the class sees and does | link |', '| --- | --- | --- | --- |'];
  const rows = blockText(repoFile('docs/teaching.md'), 'chapter-table')?.split('\n').slice(HEAD.length) ?? [];
  const said = new Map(rows.map((row) => [/`#lesson=([a-z-]+)` \|$/.exec(row)?.[1], row.split(' | ')[2]]));
  return [
    ...HEAD,
    ...CHAPTER_ORDER.map((slug, i) => {
      const title = chapterTitle(slug);
      const does = said.get(slug);
      if (does === undefined) throw new Error(`docs/teaching.md's table of chapters has no row for ${slug}: add one ending in \`#lesson=${slug}\` |`);
      return `| ${i + 1} | ${title} | ${does} | \`#lesson=${slug}\` |`;
    }),
  ].join('\n');
}

/**
 * Whether a chapter asks the class a question: its `chapter.ts` sets `question`. Read from the source,
 * since the chapter's module pulls in its figure's stylesheets, which node cannot load;
 * test/app/lesson/table.test.ts checks it against the table the page uses.
 */
export function chapterAsks(slug: string): boolean {
  return /^ {2}question:/m.test(repoFile(`app/lesson/chapters/${slug}/chapter.ts`));
}

/** docs/teaching.md's sentence on how many chapters ask first, and which do not. */
function chapterQuestions(): string {
  const silent = CHAPTER_ORDER.flatMap((slug, i) => (chapterAsks(slug) ? [] : [`${i + 1} (${chapterTitle(slug)})`]));
  const list = silent.length > 1 ? `${silent.slice(0, -1).join(', ')} and ${silent.at(-1)}` : silent.join('');
  return wrap(
    `Each chapter is a few short paragraphs, one live figure and one thing to do. ${CHAPTER_COUNT - silent.length} of the ${CHAPTER_COUNT} ask ` +
      `the class for a prediction first${silent.length > 0 ? `; the others are chapters ${list}` : ''}.`,
  );
}

/**
 * Where the leanest periodic stride in bytes leaves 1, over the steps slider's range: the same
 * frontier that \`run --json\` reports as \`checkpoint.leastMemory.byBytes.stride\`.
 */
function strideOneRange(): { allOneTo: number; noneFrom: number; mixed: number[] } {
  const range = Array.from({ length: 200 }, (_, i) => i + 1);
  // Each length's frontier once: it costs O(T²) schedule counts.
  const strideOne = range.map((steps) => leastMemory(frontier(steps).periodic).byBytes.stride === 1);
  const one = (steps: number) => strideOne[steps - 1];
  const allOneTo = (range.find((t) => !one(t)) ?? 201) - 1;
  const lastOne = [...range].reverse().find(one) ?? 0;
  const mixed = range.filter((t) => t > allOneTo && t <= lastOne && one(t));
  return { allOneTo, noneFrom: lastOne + 1, mixed };
}

export const BLOCKS: readonly DocBlock[] = [
  {
    file: 'engine/checkpoint/README.md',
    name: 'leanest',
    render() {
      const { allOneTo, noneFrom, mixed } = strideOneRange();
      const check = commandLine(['run', '--steps', String(allOneTo + 1), '--json']);
      const between =
        mixed.length === 0
          ? ''
          : ` From T = ${allOneTo + 1} to ${noneFrom - 1} it is 2, except at even T (${mixed[0]}, ${mixed[1]}, …), where stride 2 divides T too: its last segment is then a full one, whose tape also holds the loss’s 120 bytes, as stride 1’s always does, and stride 1 wins again.`;
      return wrap(
        `The leanest periodic stride in bytes is 1 for every T up to ${allOneTo}.${between} From T = ${noneFrom} on it is 2 or more. ` +
          `(\`${check}\` prints it as \`checkpoint.leastMemory.byBytes.stride\`.) Where it is 1, the periodic schedule`,
      );
    },
  },
  {
    file: 'docs/cli.md',
    name: 'long',
    render() {
      const r = commandJson<Json>(LONG);
      return wrap(
        `is named in \`warnings\`. Reverse mode and checkpointing run at any length: at ${count(r.steps)} steps the ` +
          `tape holds ${count(r.counts.tapeNodes)} nodes, ${bytes(r.counts.tapeNodes * r.counts.bytesPerNode)} with adjoints (\`${commandLine(LONG)}\`).`,
      );
    },
  },
  {
    file: 'README.md',
    name: 'reproduces',
    render() {
      const r = run();
      const a = audit();
      return wrap(
        [
          `At the defaults (T = ${r.steps}, P = ${r.parameters}), \`${commandLine(RUN)}\` counts reverse mode at ${r.work.reverse} work units,`,
          `forward mode at ${r.work.forward} and central differences at ${r.work.finiteDifference}. Forward mode matches reverse mode to`,
          `${sci(r.errors.forwardVsReverseMax)}. Central differences at h = ${step(r.eps)} are off by ${sci(r.errors.finiteDifferenceRms)} (RMS, the root mean square of the differences); the best h of the sweep is`,
          `${step(r.bestEps)}. ${periodicSentence(r)} \`${commandLine(AUDIT)}\` passes ${a.passed} of ${a.combinations} settings.`,
          'Every figure and the command that reproduces it: [docs/measurements.md](docs/measurements.md).',
        ].join(' '),
      );
    },
  },
  {
    file: 'README.md',
    name: 'chapters',
    render: () =>
      [
        `- **The lesson** has ${CHAPTER_COUNT} chapters, one at a time. Each has a live figure, one thing to do, and`,
        '  most ask the class to predict before the figure shows the answer. *Open this in the lab*',
        '  takes the chapter’s settings into the full lab, scrolled to the part that shows the same idea.',
      ].join('\n'),
  },
  {
    file: 'docs/teaching.md',
    name: 'chapter-table',
    render: chapterTable,
  },
  {
    file: 'docs/teaching.md',
    name: 'chapter-questions',
    render: chapterQuestions,
  },
  {
    file: 'docs/measurements.md',
    name: 'run',
    render() {
      const r = run();
      const c = r.checkpoint;
      const n = r.counts;
      return [
        shown(commandLine(RUN)),
        '',
        `T = ${r.steps}, P = ${r.parameters}, loss ${fixed(r.loss, 6)}:`,
        '',
        table(
          ['figure', 'value', 'how it is counted'],
          [
            ['work, reverse mode', `${r.work.reverse}`, 'recording passes + sweep passes over the tape'],
            ['work, forward mode', `${r.work.forward} = P + 1`, 'one primal + P tangent lanes carried through every step'],
            ['work, central differences', `${r.work.finiteDifference} = 2P + 1`, 'loss evaluations: the base run and two per parameter'],
            ['forward against reverse', sci(r.errors.forwardVsReverseMax), 'largest difference, relative to the largest component'],
            [`central differences at h = ${step(r.eps)}`, `RMS ${sci(r.errors.finiteDifferenceRms)}`, 'root mean square difference from the reverse gradient'],
            ['best h of the sweep', `${step(r.bestEps)}`, `${r.sweep.length} values from ${step(r.sweep[0].eps)} to ${step(r.sweep[r.sweep.length - 1].eps)}`],
            ['model optimum h* = (3ε\\|L\\|/\\|L‴\\|)^⅓', sci(r.model.predictedBestEps), 'L‴ by a five-point stencil'],
            ['prefix reuse', `${count(n.finiteDifferenceSteps)} chain steps instead of ${count(n.finiteDifferenceNaiveSteps)}`, 'moving a_t or b_t only changes steps t … T−1'],
            [
              `checkpointing, periodic stride ${c.stride}`,
              `${c.fullTapeStates} → ${c.storedStates} items, ${c.recomputedSteps} steps recomputed, ${fixed(c.workUnits)} work units`,
              'counted by the executor',
            ],
            ['checkpoint memory', `${bytes(c.peakBytes)} against ${bytes(c.fullTapeBytes)}`, 'peak bytes against every step recorded (T recorded steps and the working state), in the memory model'],
            ['tape', `${count(n.tapeNodes)} nodes × ${n.bytesPerNode} bytes = ${bytes(n.tapeNodes * n.bytesPerNode)}`, 'c and x₀, then a_t, b_t and twelve primitives a step, then the loss'],
          ],
        ),
      ].join('\n');
    },
  },
  {
    file: 'docs/measurements.md',
    name: 'decades',
    render() {
      const plain = commandJson<Json>(DEFAULT_200);
      const saturating = commandJson<Json>(SATURATING);
      return [
        shown(commandLine(DEFAULT_200), commandLine(SATURATING)),
        '',
        wrap(
          `At T = 200 the default chain's gradient components span ${fixed(decades(plain.gradient.reverse), 1)} decades ` +
            `(test/engine/gradients.test.ts checks every T of the slider). A saturating gain, a_t = 0.85 + 0.25·sin(0.7t + 0.3), ` +
            `with the same b_t, c, x₀ and y (docs/saturating-gain.json), spans ${fixed(decades(saturating.gradient.reverse), 1)} decades at T = 200.`,
        ),
      ].join('\n');
    },
  },
  {
    file: 'docs/measurements.md',
    name: 'audit',
    render() {
      const a = audit();
      const checks = Object.values(a.checks) as { name: string; passed: number; failed: number }[];
      return [
        shown(commandLine(AUDIT)),
        '',
        table(
          ['check', 'passed'],
          checks.map((c) => [c.name, `${c.passed} of ${c.passed + c.failed}`]),
        ),
      ].join('\n');
    },
  },
  {
    file: 'docs/measurements.md',
    name: 'schedules',
    render() {
      const rows = SCHEDULES.map((argv) => {
        const s = commandJson<Json>(argv);
        const name = s.schedule === 'revolve' ? `binomial (revolve), ${s.snapshots} snapshots` : `periodic, stride ${s.stride}`;
        return [name, `${s.peakStates}`, count(s.peakBytes), `${s.recomputedSteps}`, `${s.stepEvaluations}`, fixed(s.workUnits)];
      });
      const full = commandJson<Json>(SCHEDULES[0]);
      return [
        shown(...SCHEDULES.map(commandLine)),
        '',
        table(['schedule at T = 40', 'peak items', 'peak bytes', 'recomputed steps', 'step evaluations', 'work units'], [
          ['every step recorded, no checkpoints', `${full.fullTapeStates}`, count(full.fullTapeBytes), '0', `${full.steps}`, '2'],
          ...rows,
        ]),
      ].join('\n');
    },
  },
  {
    file: 'docs/measurements.md',
    name: 'long',
    render() {
      const r = commandJson<Json>(LONG);
      const c = r.checkpoint;
      const left = (r.warnings as string[]).length;
      return [
        shown(commandLine(LONG)),
        '',
        wrap(
          `At ${count(r.steps)} steps the tape holds ${count(r.counts.tapeNodes)} nodes (${bytes(r.counts.tapeNodes * r.counts.bytesPerNode)}). Periodic ` +
            `checkpointing at stride ${c.stride} holds at most ${count(c.storedStates)} items (${bytes(c.peakBytes)} against ${bytes(c.fullTapeBytes)} with every step recorded) and recomputes ` +
            `${count(c.recomputedSteps)} steps. The run leaves out what its fixed step limits say, with ${left} warning${left === 1 ? '' : 's'}.`,
        ),
      ].join('\n');
    },
  },
  {
    file: 'docs/measurements.md',
    name: 'grad',
    render() {
      const g = commandJson<Json>(GRAD);
      return [
        shown(commandLine(GRAD)),
        '',
        table(
          ['', 'value'],
          [
            ['f', g.value.toPrecision(12)],
            ['∂f/∂x, by the tape and by dual numbers', g.gradient.x.toPrecision(12)],
            ['∂f/∂y, by the tape and by dual numbers', g.gradient.y.toPrecision(12)],
            ['central differences, largest relative difference', sci(g.differences.finiteDifferenceVsReverseMax)],
            ['tape', `${g.tape.nodes} nodes, ${g.tape.inputs} inputs`],
          ],
        ),
      ].join('\n');
    },
  },
  {
    file: 'docs/measurements.md',
    name: 'tradeoffs',
    render() {
      const t = commandJson<Json>(TRADEOFFS);
      const j = t.jacobian;
      return [
        shown(commandLine(TRADEOFFS)),
        '',
        `At the defaults (T = ${t.steps}, K = ${t.window}, M = ${t.outputs}, N = all ${j.inputs.length} inputs):`,
        '',
        table(
          ['lever', 'figure'],
          [
            [
              `the gradient stopped at x${sub(t.steps - t.window)} (K = ${t.window})`,
              `relative error ${fixed(t.truncation.relativeError)}; the tape keeps ${t.truncation.tapeNodes} of ${t.fusion.primitive.nodes} nodes (${bytes(t.truncation.tapeBytes)})`,
            ],
            [
              'one fused node a step',
              `${t.fusion.fused.nodes} nodes (${bytes(t.fusion.fused.bytes)}) against ${t.fusion.primitive.nodes} (${bytes(t.fusion.primitive.bytes)}); gradients differ by ${sci(t.fusion.maxDifference)}`,
            ],
            [
              'recompute each step in the sweep',
              `${bytes(t.recompute.recomputed.bytes)} held against ${bytes(t.recompute.saved.bytes)} with every step recorded, ${t.recompute.recomputed.stepEvaluations} step evaluations against ${t.recompute.saved.stepEvaluations}; the same gradient ${t.recompute.maxDifference === 0 ? 'bit for bit' : `to ${sci(t.recompute.maxDifference)}`}`,
            ],
            [
              `the Jacobian of the last M states over N = ${j.inputs.length} inputs`,
              `forward mode ${j.forward.work} passes (N + 1), reverse mode ${j.reverse.work} (M + 1); they agree to ${sci(j.maxDifference)}`,
            ],
          ],
        ),
      ].join('\n');
    },
  },
];
