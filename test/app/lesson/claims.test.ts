/**
 * The numbers the lesson's words state (each chapter folder's words.md), each checked against the
 * engine that draws the figures: a test reads the number from the words it is checking. The browser test (test/e2e/lesson.test.ts) checks every
 * question's accepted answer against the figure's own numbers on screen.
 */
import { describe, expect, it } from 'vitest';
import {
  chainBugFigures,
  chainBugs,
  precisionBug,
  trainingBugs,
  compareTapes,
  defaultParams,
  evaluatePlayground,
  runLab,
  tradeoffsFigures,
} from '../../../engine/index.ts';
import { leastBy } from '../../../app/lesson/chapters/checkpointing/leastMemory.ts';
import { GLOSSARY } from '../../../app/lesson/glossary.ts';
import { say } from '../../../app/lesson/chapters/row.ts';
import { CARD, FIVE_NODES } from '../../../app/lesson/exprTape.ts';
import { lessonSettings } from '../../../app/lesson/engine.ts';
import { CHAPTERS } from '../../../app/lesson/chapters/table.ts';
import { chapterNumber, type ChapterSlug } from '../../../app/lesson/chapters/order.ts';
import { plainText } from '../../../app/lesson/words/parse.ts';

/** A chapter's words, all of them, as the page shows them (app/lesson/chapters/<slug>/words.md). */
const rowOf = (slug: ChapterSlug) => CHAPTERS.find((r) => r.slug === slug)!;

function wordsOf(slug: ChapterSlug): string {
  const row = rowOf(slug);
  return plainText([...row.body, ...row.afterAnswer, ...row.afterQuestion], chapterNumber).replace(/\s+/g, ' ');
}

/** A chapter's speaker notes, all three parts, as the notes window shows them (app/lesson/chapters/<slug>/notes.md). */
function notesOf(slug: ChapterSlug): string {
  const { ask, proves, wrong } = rowOf(slug).notes;
  return plainText([...ask, ...proves, ...wrong], chapterNumber).replace(/\s+/g, ' ');
}

/** A number as the words write it: a minus sign, not a hyphen. */
const written = (x: number, digits: number) => x.toFixed(digits).replace('-', '−');

const FRONTIER = { sweep: false, tangents: false, frontier: true, workCurve: false, thirdDerivatives: false };

function card() {
  const outcome = evaluatePlayground({ source: CARD.source, at: CARD.values });
  if (!outcome.ok) throw new Error(outcome.problem.message);
  return outcome.result;
}

describe('the lesson’s stated numbers', () => {
  it('chain: at x = 1.5, y = 4 the tape shows ∂(x·y)/∂x = 4 and ∂(x²)/∂x = 2x = 3, not 1', () => {
    const r = card();
    expect(CARD.values).toEqual({ x: 1.5, y: 4 });
    expect(FIVE_NODES.values).toEqual(CARD.values);
    const { tape, labels } = r;
    const node = (label: string) => labels.indexOf(label);
    const square = node('x^2');
    const product = node('x*y');
    expect(square).toBeGreaterThanOrEqual(0);
    expect(tape.partial0[square]).toBe(3);
    expect(tape.partial0[product]).toBe(4);
    expect(tape.partial1[product]).toBe(1.5);
    expect(wordsOf('chain')).toContain(`∂u/∂x = y = ${tape.partial0[product]}`);
    expect(wordsOf('chain')).toContain(`∂w/∂x = 2x = ${tape.partial0[square]}`);
  });

  it('transpose: the 2×2 Jacobian [4 1.5; 3 0] times (1, cos 2.25) gives x̄ = 2.12 and ȳ = 1.5 through those two steps', () => {
    const r = card();
    const wbar = Math.cos(2.25);
    expect(wbar.toFixed(3)).toBe('-0.628');
    const xbar = 1 * 4 + wbar * 3;
    expect(xbar.toFixed(2)).toBe('2.12');
    // x is read only by x·y and x²: the VJP is the whole ∂z/∂x. y is also read by ln y (−1/y).
    expect(r.rows.find((row) => row.name === 'x')!.reverse).toBeCloseTo(xbar, 12);
    expect(r.rows.find((row) => row.name === 'y')!.reverse).toBeCloseTo(1.5 - 1 / 4, 12);
    const words = wordsOf('transpose');
    expect(words).toContain(`has the Jacobian [${r.tape.partial0[r.labels.indexOf('x*y')]} ${r.tape.partial1[r.labels.indexOf('x*y')]}; ${r.tape.partial0[r.labels.indexOf('x^2')]} 0]`);
    expect(words).toContain(`cos(2.25) = ${written(wbar, 3)}`);
    expect(words).toContain(`gives x̄ = ${written(xbar, 2)} and, for y, 1.5`);
    expect(words).toContain(`ȳ = ${r.rows.find((row) => row.name === 'y')!.reverse}`);
  });

  it('transpose, in the speaker notes: the same adjoints, table and results as the words', () => {
    const r = card();
    const wbar = Math.cos(2.25);
    const notes = notesOf('transpose');
    expect(notes).toContain(`the adjoints (1, ${written(wbar, 3)})`);
    expect(notes).toContain(`the table [${r.tape.partial0[r.labels.indexOf('x*y')]} ${r.tape.partial1[r.labels.indexOf('x*y')]}; ${r.tape.partial0[r.labels.indexOf('x^2')]} 0]`);
    expect(notes).toContain(`give x̄ = ${written(r.rows.find((row) => row.name === 'x')!.reverse, 2)}`);
    // The block's share of ȳ: x·y's partial in y, times the adjoint 1.
    expect(notes).toContain(`share of ȳ, ${r.tape.partial1[r.labels.indexOf('x*y')]}.`);
  });

  it('one-sweep and tape-price: reverse mode is 2 passes at T = 100 and 200, the others grow with P; a step is fourteen tape nodes', () => {
    const quick = { sweep: false, tangents: false, frontier: false, workCurve: false, thirdDerivatives: false };
    const at = (T: number) => runLab(lessonSettings({ steps: T }, quick));
    const [r100, r200] = [at(100), at(200)];
    expect(r100.cost.reverse.passes).toBe(2);
    expect(r200.cost.reverse.passes).toBe(2);
    expect(r100.cost.reverse.growth).toBe('constant');
    expect(r100.cost.forward.passes).toBe(201);
    expect(r200.cost.forward.passes).toBe(401);
    expect(r200.cost.finiteDifference.passes).toBe(801);
    expect(r200.counts.tapeNodes - r100.counts.tapeNodes).toBe(14 * 100);
    // Fourteen nodes a step: its two leaves, a and b, and the twelve primitives the words count.
    expect(wordsOf('transpose')).toContain(`ϕ is twelve primitives`);
    expect((r200.counts.tapeNodes - r100.counts.tapeNodes) / 100 - 2).toBe(12);
  });

  it('checkpointing: at T = 36 stride 6 holds the fewest items (12), stride 1 and 36 hold 37; in bytes stride 1 is least until the state is wide', () => {
    const scalar = runLab(lessonSettings({ steps: 36 }, FRONTIER)).checkpoint;
    const periodic = scalar.frontier!.periodic;
    const items = (k: number) => periodic.find((p) => p.setting === k)!.storedStates;
    expect(scalar.stateBytes).toBe(8);
    expect(scalar.stepBytes).toBe(640);
    expect([items(1), items(6), items(36)]).toEqual([37, 12, 37]);
    expect(leastBy(periodic, (p) => p.storedStates)!.setting).toBe(6);
    expect(leastBy(periodic, (p) => p.peakBytes)!.setting).toBe(1);
    // √(T·S/R) = √(36·8/640) < 1: store every state.
    expect(Math.sqrt((36 * 8) / 640)).toBeLessThan(1);
    const wide = runLab(lessonSettings({ steps: 36, state: 'wide' }, FRONTIER)).checkpoint;
    expect(wide.stateBytes).toBe(640);
    expect(leastBy(wide.frontier!.periodic, (p) => p.peakBytes)!.setting).toBe(6);
    // Held items do not depend on a checkpoint's bytes: the question's answer holds at either width.
    expect(wide.frontier!.periodic.map((p) => p.storedStates)).toEqual(periodic.map((p) => p.storedStates));
  });

  it('checkpointing, in the speaker notes: √36 = 6, stride 1 holds 37 items, a recorded step weighs 80 stored states', () => {
    const scalar = runLab(lessonSettings({ steps: 36 }, FRONTIER)).checkpoint;
    const periodic = scalar.frontier!.periodic;
    const least = leastBy(periodic, (p) => p.storedStates)!.setting;
    const notes = notesOf('checkpointing');
    expect(notes).toContain(`T = ${scalar.frontier!.periodic.at(-1)!.setting}.`);
    expect(notes).toContain(`k = √36 = ${least}`);
    expect(notes).toContain(`weighs ${scalar.stepBytes / scalar.stateBytes} stored states`);
    expect(notes).toContain(`In items that holds ${periodic.find((p) => p.setting === 1)!.storedStates} at once`);
  });

  it('tensors: both tapes count parameters, not the data; with 16 hidden units the ratio is about 3,000', () => {
    const c = compareTapes({ batch: 200, hidden: 16, minMs: 0 });
    expect(wordsOf('tensors')).toContain('with 16 hidden units');
    expect(wordsOf('tensors')).toContain('on 200 points');
    expect(c.tensor.nodes).toBe(10);
    expect(c.ratios.nodes).toBeGreaterThan(1000);
    expect(c.ratios.nodes).toBeLessThan(10000);
  });

  it('hidden: at K = 10 the first 30 steps’ gradients are exactly 0; with N = 1 forward mode (2 passes) wins from M = 2', () => {
    const params = defaultParams(40);
    const f = tradeoffsFigures(params, { window: 10, outputs: 5, inputs: 1 });
    for (let t = 0; t < 30; t++) {
      expect(f.truncation.gradient.a[t]).toBe(0);
      expect(f.truncation.gradient.b[t]).toBe(0);
    }
    expect(f.truncation.gradient.a[30]).not.toBe(0);
    expect(f.jacobian.inputs).toEqual(['x0']);
    expect(f.jacobian.forward.work).toBe(2);
    expect(wordsOf('hidden')).toContain(`N + 1 = ${f.jacobian.forward.work} passes for any M`);
    expect(f.jacobian.reverse.work).toBe(6);
    expect(f.jacobian.crossover).toBe(2);
  });

  it('bugs and second-order: zero-grad’s buggy gradient is exactly twice; one H·v on the 40-step chain counts 4 passes (2 runs on dual numbers), twice one gradient; P = 80 gives 6,400 Hessian entries', () => {
    const params = defaultParams(40);
    const f = chainBugFigures(params, { detachStep: 30, direction: 'ones' });
    const zero = f.bugs.find((b) => b.name === 'zero-grad')!;
    for (let t = 0; t < 40; t++) expect(zero.buggy.gradient!.a[t]).toBe(2 * zero.correct.gradient!.a[t]);
    expect(f.hvp.workUnits).toBe(4);
    expect(f.hvp.gradientWorkUnits).toBe(2);
    expect(rowOf('second-order').question!.answer).toMatch(/^4/);
    expect(notesOf('second-order')).toContain(`give H·v: ${f.hvp.workUnits} passes, twice one gradient`);
    expect(f.hvp.tapeBytes).toBeGreaterThan(f.hvp.gradientTapeBytes);
    expect(f.hvp.maxRelative).toBeLessThan(1e-6);
    // P = 2T parameters, one H·v entry for each: the Hessian has P² entries, and the choice and the glossary say so.
    const P = f.hvp.hvp.a.length + f.hvp.hvp.b.length;
    expect(P).toBe(80);
    expect((P * P).toLocaleString('en-US')).toBe('6,400');
    expect(rowOf('second-order').question!.choices.map((c) => say(c.label, {}))).toContain(`${(P * P).toLocaleString('en-US')}, one per Hessian entry`);
    expect(GLOSSARY.find(([term]) => term === 'Hessian')![1]).toContain(`${(P * P).toLocaleString('en-US')} for the 40-step chain`);
  });

  it('bugs and second-order: the glossary, open beside a question, does not state its answer', () => {
    const entry = (term: string) => GLOSSARY.find(([t]) => t === term)![1];
    expect(entry('zero_grad')).not.toMatch(/twice|doubl/i);
    for (const term of ['Forward over reverse', 'Hessian-vector product', 'Dual number']) expect(entry(term)).not.toMatch(/one recording|one sweep|two passes|2 passes/i);
  });

  it('bugs, the caption: total += loss keeps every step’s nodes (saved tensors freed by backward) or, with no backward, every forward’s saved tensors; float32’s error floor is far above float64’s', () => {
    const params = defaultParams(40);
    const late = chainBugs(params).find((b) => b.name === 'free-late')!;
    expect(late.buggy.bytes! / late.correct.bytes!).toBeGreaterThan(1);
    const alive = trainingBugs(20);
    expect(alive.bug.buggy.bytes).toBe(0);
    expect(alive.aliveNodes.buggy[19]).toBeGreaterThan(alive.aliveNodes.buggy[0]);
    expect(alive.evaluationBytes.buggy[19]).toBe(20 * alive.evaluationBytes.buggy[0]);
    expect(alive.bug.correct).toEqual({ bytes: 0, nodes: 0, evaluation: { bytes: 0, nodes: 0 } });
    const precision = precisionBug(params, { grid: [1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8], maxParameters: 10 }).bug;
    expect(precision.buggy.errorFloor!).toBeGreaterThan(1e3 * precision.correct.errorFloor!);
  });

  it('every question’s answer is one of its choices, and the glossary defines the terms the issue names', () => {
    for (const row of CHAPTERS) {
      if (!row.question) continue;
      const fixed = row.question.choices.map((c) => c.label).filter((l): l is string => typeof l === 'string');
      expect(fixed, `chapter ${row.number}`).toContain(row.question.answer);
    }
    const terms = GLOSSARY.map(([t]) => t.toLowerCase());
    for (const t of ['loss', 'gradient', 'fan-out', 'jacobian', 'vector-jacobian product', 'truncation error', 'rounding error', 'machine epsilon', 'step h', 'checkpoint', 'recorded step', 'stop-gradient', 'revolve', 'jacobian-vector product', 'zero_grad', 'detach', 'in-place', 'retain_graph', 'second derivative', 'hessian', 'hessian-vector product', 'dual number', 'forward over reverse', 'curvature']) {
      expect(terms, t).toContain(t);
    }
  });
});
