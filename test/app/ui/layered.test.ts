import dagre from '@dagrejs/dagre';
import { describe, expect, it } from 'vitest';
import { evaluatePlayground } from '../../../engine/index.ts';
import { boxesOverlap, countCrossings, polylineHitsBox, segmentHitsBox } from '../../../app/ui/graph/geometry.ts';
import { estimateTextWidth, layeredGraph, type GraphDirection, type LayeredGraph } from '../../../app/ui/graph/layered.ts';
import { exprGraphLines } from '../../../app/ui/tape/exprGraphText.ts';
import { practiceProblem, practiceTapeView } from '../../../engine/practice/index.ts';

function tapeOf(source: string) {
  const outcome = evaluatePlayground({ source, at: { x: 0.5, y: 4 } });
  if (!outcome.ok) throw new Error(outcome.problem.message);
  return outcome.result.tape;
}

function layout(source: string, direction: GraphDirection, font = 20): LayeredGraph {
  const view = tapeOf(source);
  const text = exprGraphLines(view);
  return layeredGraph(dagre, view, { direction, font, nodeLines: text.nodeLines, edgeLabel: text.edgeLabel, measure: (t) => estimateTextWidth(t, font) });
}

const FIVE = 'x*y + sin(x)';
const CARD = 'x*y + sin(x^2) - ln(y)';
const MORE = 'x*y*x + sin(x*y) / (1 + exp(-y)) - ln(y) * x';

describe('the layered graph', () => {
  it('finds a box a segment enters, and not one it grazes', () => {
    const box = { x: 0, y: 0, width: 10, height: 10 };
    expect(segmentHitsBox({ x: -20, y: 0 }, { x: 20, y: 1 }, box)).toBe(true);
    expect(segmentHitsBox({ x: -20, y: 5 }, { x: 20, y: 5 }, box)).toBe(false);
    expect(segmentHitsBox({ x: -20, y: -20 }, { x: -6, y: 20 }, box)).toBe(false);
    expect(segmentHitsBox({ x: 1, y: 1 }, { x: 2, y: 2 }, box)).toBe(true);
  });

  for (const source of [FIVE, CARD, MORE]) {
    for (const direction of ['LR', 'TB'] as const) {
      it(`${source}, ${direction}: no edge passes through a node or a label it does not join, no boxes overlap`, () => {
        const g = layout(source, direction);
        for (const e of g.edges) {
          for (const n of g.nodes) {
            if (n.id === e.parent || n.id === e.child) {
              // Its own ends: only the first and last stubs touch them, from the border out.
              expect(polylineHitsBox(e.points.slice(1, -1), n, 0.5), `edge ${e.parent}→${e.child} doubles back into node ${n.id}`).toBe(false);
              continue;
            }
            expect(polylineHitsBox(e.points, n), `edge ${e.parent}→${e.child} passes through node ${n.id}`).toBe(false);
          }
          for (const other of g.edges) {
            if (other === e || !other.label) continue;
            expect(polylineHitsBox(e.points, other.label), `edge ${e.parent}→${e.child} passes through the label of ${other.parent}→${other.child}`).toBe(false);
          }
        }
        const boxes = [...g.nodes, ...g.edges.flatMap((e) => (e.label ? [e.label] : []))];
        for (let i = 0; i < boxes.length; i++) for (let j = 0; j < i; j++) expect(boxesOverlap(boxes[i], boxes[j]), `boxes ${j} and ${i} overlap`).toBe(false);
        for (const b of boxes) {
          expect(b.x - b.width / 2).toBeGreaterThanOrEqual(0);
          expect(b.y - b.height / 2).toBeGreaterThanOrEqual(0);
          expect(b.x + b.width / 2).toBeLessThanOrEqual(g.width);
          expect(b.y + b.height / 2).toBeLessThanOrEqual(g.height);
        }
      });

      it(`${source}, ${direction}: every edge goes forward, from its parent's layer to its child's`, () => {
        const g = layout(source, direction);
        const along = (p: { x: number; y: number }) => (direction === 'LR' ? p.x : p.y);
        for (const e of g.edges) {
          for (let k = 1; k < e.points.length; k++) expect(along(e.points[k])).toBeGreaterThanOrEqual(along(e.points[k - 1]) - 1e-9);
          expect(along(g.nodes[e.parent])).toBeLessThan(along(g.nodes[e.child]));
        }
      });
    }
  }

  it('draws chapter 1’s expressions with no crossings, either way round', () => {
    for (const source of [FIVE, CARD]) {
      for (const direction of ['LR', 'TB'] as const) {
        const g = layout(source, direction);
        expect(countCrossings(g.edges.map((e) => e.points)), `${source} ${direction}`).toBe(0);
      }
    }
  });

  it('sizes each box to its widest line, and each label to its text', () => {
    const font = 24;
    const view = tapeOf(CARD);
    const text = exprGraphLines(view);
    const measure = (t: string) => estimateTextWidth(t, font);
    const g = layeredGraph(dagre, view, { direction: 'LR', font, nodeLines: text.nodeLines, edgeLabel: text.edgeLabel, measure });
    for (const n of g.nodes) {
      const lines = text.nodeLines[n.id];
      for (const line of lines) expect(measure(line) + 2 * g.padX, `“${line}” in node ${n.id}`).toBeLessThanOrEqual(n.width);
      expect(lines.length * g.lineHeight + 2 * g.padY).toBeLessThanOrEqual(n.height);
    }
    for (const e of g.edges) {
      expect(e.label).not.toBeNull();
      expect(measure(e.label!.text)).toBeLessThanOrEqual(e.label!.width);
    }
  });

  it('a graph that only records (chapter 1) has two-line boxes, no adjoint in them, and is narrower', () => {
    const font = 24;
    const view = tapeOf(CARD);
    const measure = (t: string) => estimateTextWidth(t, font);
    const graphOf = (sweep: boolean) => {
      const text = exprGraphLines(view, sweep);
      return { text, g: layeredGraph(dagre, view, { direction: 'LR', font, nodeLines: text.nodeLines, edgeLabel: text.edgeLabel, measure }) };
    };
    const recording = graphOf(false);
    const sweeping = graphOf(true);
    for (let i = 0; i < view.length; i++) {
      const lines = recording.text.nodeLines[i];
      expect(lines.some((line) => line.includes('v̄') || / of /.test(line)), `node ${i}: ${lines.join(' | ')}`).toBe(false);
      expect(lines.length).toBe(i === view.output ? 3 : 2);
    }
    expect(recording.g.width).toBeLessThan(sweeping.g.width);
    expect(recording.g.height).toBeLessThan(sweeping.g.height);
  });

  it('sizes an edge label by its own measure (the labels are drawn at the regular weight)', () => {
    const font = 24;
    const view = tapeOf(CARD);
    const text = exprGraphLines(view);
    const bold = (t: string) => estimateTextWidth(t, font);
    const regular = (t: string) => 0.9 * bold(t);
    const options = { direction: 'LR' as const, font, nodeLines: text.nodeLines, edgeLabel: text.edgeLabel, measure: bold };
    const plain = layeredGraph(dagre, view, options);
    const g = layeredGraph(dagre, view, { ...options, measureLabel: regular });
    g.edges.forEach((e, k) => {
      expect(e.label!.width).toBeGreaterThanOrEqual(regular(e.label!.text));
      expect(e.label!.width).toBeLessThan(plain.edges[k].label!.width);
    });
    // The boxes are sized by `measure` still.
    expect(g.nodes.map((n) => n.width)).toEqual(plain.nodes.map((n) => n.width));
  });

  it('fits a phone: top to bottom, the card’s graph is narrower than 360 px at 15 px text', () => {
    const g = layout(CARD, 'TB', 15);
    expect(g.width).toBeLessThanOrEqual(360);
  });
});

describe('the layered graph’s arrows', () => {
  it('ends every edge with a straight stub longer than its arrowhead, so the head is not under the box', () => {
    for (const direction of ['LR', 'TB'] as const) {
      const g = layout(CARD, direction, 24);
      for (const e of g.edges) {
        const [a, b] = e.points.slice(-2);
        const straight = direction === 'LR' ? a.y === b.y : a.x === b.x;
        expect(straight, `edge ${e.parent}→${e.child} ends at an angle`).toBe(true);
        expect(Math.hypot(b.x - a.x, b.y - a.y)).toBeGreaterThan(g.arrow);
      }
    }
  });
});

describe('the layered graph with the tape explorer’s fixed boxes', () => {
  it('lays x·x + sin(x·y) out with no edge through a node and no crossings, the two x·x edges apart', () => {
    const view = tapeOf('x*x + sin(x*y)');
    const g = layeredGraph(dagre, view, { direction: 'LR', font: 16, nodeLines: [], edgeLabel: () => '', measure: () => 0, nodeSize: { width: 64, height: 44 } });
    for (const e of g.edges) for (const n of g.nodes) if (n.id !== e.parent && n.id !== e.child) expect(polylineHitsBox(e.points, n)).toBe(false);
    expect(countCrossings(g.edges.map((e) => e.points))).toBe(0);
    const twins = g.edges.filter((e) => view.parent0[e.child] === view.parent1[e.child]);
    expect(twins).toHaveLength(2);
    expect(twins[0].points.at(-1)!.y).not.toBe(twins[1].points.at(-1)!.y);
  });
});

describe('the inputs in the tape’s order', () => {
  const inputsOf = (g: LayeredGraph, view: { parent0: Int32Array }) => g.nodes.filter((n) => view.parent0[n.id] < 0);

  for (const direction of ['LR', 'TB'] as const) {
    it(`${direction}: every practice problem of every level draws its inputs in the order the tape records them`, () => {
      let withSeveral = 0;
      // Problems drawn with a crossing, inputs in order and in dagre's own order (0 and 15 of 100 when written).
      const crossed = { inOrder: 0, dagre: 0 };
      for (const level of [1, 2, 3, 4] as const) {
        for (let seed = 1; seed <= 25; seed++) {
          const problem = practiceProblem('adjoints', level, seed);
          if (problem.kind !== 'adjoints') throw new Error('an adjoints problem');
          const view = practiceTapeView(problem);
          const text = exprGraphLines(view);
          const options = { direction, font: 16, nodeLines: text.nodeLines, edgeLabel: text.edgeLabel, measure: (t: string) => estimateTextWidth(t, 16) };
          const g = layeredGraph(dagre, view, { ...options, inputsInOrder: true });
          const crossings = (laid: LayeredGraph) => countCrossings(laid.edges.map((e) => e.points));
          if (crossings(g) > 0) crossed.inOrder++;
          if (crossings(layeredGraph(dagre, view, options)) > 0) crossed.dagre++;
          const across = inputsOf(g, view).map((n) => (direction === 'LR' ? n.y : n.x));
          if (across.length > 1) withSeveral++;
          // Listed by id (tape order), their places across the layer only grow.
          for (let k = 1; k < across.length; k++) expect(across[k], `level ${level}, seed ${seed}`).toBeGreaterThan(across[k - 1]);
        }
      }
      expect(withSeveral).toBeGreaterThan(20);
      // The layers after the inputs are ordered again around them: no more graphs cross than before.
      expect(crossed.inOrder).toBeLessThanOrEqual(crossed.dagre);
    });
  }
});
