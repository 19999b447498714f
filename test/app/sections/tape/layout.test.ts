import dagre from '@dagrejs/dagre';
import { describe, expect, it } from 'vitest';
import { chainLayout, COLLAPSE_ABOVE, defaultExpanded, fitsTemplate } from '../../../../app/sections/tape/chainLayout.ts';
import { layeredLayout } from '../../../../app/sections/tape/layeredLayout.ts';
import { focusPoint, nodeRect, overlaps, type GraphLayout } from '../../../../app/sections/tape/layout.ts';
import { defaultParams } from '../../../../engine/chain.ts';
import { chainTapeView, describeTape } from '../../../../engine/tape-view.ts';
import { Tape } from '../../../../engine/tape.ts';

/** Every box drawn: visible nodes and collapsed blocks. */
function boxes(layout: GraphLayout) {
  return [
    ...layout.nodes.map((n) => ({ what: `node ${n.id}`, ...nodeRect(n) })),
    ...layout.blocks.map((b) => ({ what: `block ${b.step}`, x: b.x, y: b.y, w: b.w, h: b.h })),
  ];
}

function overlapping(layout: GraphLayout): string[] {
  const all = boxes(layout).sort((a, b) => a.x - b.x);
  const found: string[] = [];
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length && all[j].x < all[i].x + all[i].w; j++) {
      if (overlaps(all[i], all[j])) found.push(`${all[i].what} × ${all[j].what}`);
    }
  }
  return found;
}

function inside(layout: GraphLayout): boolean {
  return boxes(layout).every((b) => b.x >= 0 && b.y >= 0 && b.x + b.w <= layout.width && b.y + b.h <= layout.height);
}

describe('the chain layout', () => {
  const view = chainTapeView(defaultParams(40));

  it('fits the engine\'s recording of the chain step by step', () => {
    expect(fitsTemplate(view)).toBe(true);
  });

  it('places every node of the T = 40 tape exactly once, with no two boxes overlapping', () => {
    const layout = chainLayout(view)!;
    expect(layout.blocks).toHaveLength(0);
    const ids = layout.nodes.map((n) => n.id).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: view.length }, (_, i) => i));
    for (let i = 0; i < view.length; i++) expect(layout.nodes[layout.nodeIndex[i]].id).toBe(i);
    expect(overlapping(layout)).toEqual([]);
    expect(inside(layout)).toBe(true);
  });

  it('reads left to right: every edge leaves its parent towards a child further right', () => {
    const layout = chainLayout(view)!;
    for (let i = 0; i < view.length; i++) {
      for (const p of [view.parent0[i], view.parent1[i]]) {
        if (p < 0) continue;
        expect(layout.nodes[layout.nodeIndex[p]].x, `edge ${p} → ${i}`).toBeLessThan(layout.nodes[layout.nodeIndex[i]].x);
      }
    }
  });

  it('draws one path per tape edge, and the sweep\'s edges all have one', () => {
    const layout = chainLayout(view)!;
    const edges = layout.edges.flatMap((e) => e.tapeEdges);
    expect(new Set(edges).size).toBe(edges.length);
    expect(edges.length).toBe(view.sweep.count);
    for (let k = 0; k < view.sweep.count; k++) {
      const child = view.sweep.node[k];
      const slot = k > 0 && view.sweep.node[k - 1] === child ? 1 : 0;
      expect(layout.edgeIndex[2 * child + slot]).toBeGreaterThanOrEqual(0);
    }
    for (const e of layout.edges) expect(e.d).toMatch(/^M[\d.]+,[\d.]+[CH]/);
  });

  it(`collapses the steps of a chain longer than ${COLLAPSE_ABOVE} into blocks that hold their nodes`, () => {
    const long = chainTapeView(defaultParams(200));
    const layout = chainLayout(long, defaultExpanded(200))!;
    expect(layout.blocks).toHaveLength(200);
    // c, x₀ and the loss's three nodes stay visible.
    expect(layout.nodes.map((n) => n.id)).toEqual([0, 1, long.length - 3, long.length - 2, long.length - 1]);
    for (let i = 0; i < long.length; i++) {
      const shown = layout.nodeIndex[i] >= 0;
      const hidden = layout.blockIndex[i] >= 0;
      expect(shown !== hidden, `node ${i} is either drawn or in a block`).toBe(true);
      if (hidden) expect(layout.blocks[layout.blockIndex[i]].step).toBe(long.step[i]);
    }
    expect(overlapping(layout)).toEqual([]);
    expect(inside(layout)).toBe(true);
    // Edges inside a block are not drawn; x_t → block t+1 stands for four tape edges.
    const between = layout.edges.find((e) => e.from.kind === 'block' && e.to.kind === 'block')!;
    expect(between.tapeEdges).toHaveLength(4);
  });

  it('expands a clicked step in place: its nodes appear, the others stay blocks, nothing overlaps', () => {
    const long = chainTapeView(defaultParams(120));
    const layout = chainLayout(long, (t) => t === 7 || t === 8 || t === 119)!;
    expect(layout.blocks).toHaveLength(117);
    for (let i = 0; i < long.length; i++) {
      if ([7, 8, 119].includes(long.step[i])) expect(layout.nodeIndex[i]).toBeGreaterThanOrEqual(0);
    }
    expect(overlapping(layout)).toEqual([]);
    expect(inside(layout)).toBe(true);
    expect(layout.bands.map((b) => b.step)).toEqual([7, 8, 119]);
    expect(layout.bands.every((b) => b.collapsible)).toBe(true);
    // A node hidden in a block is shown by its block.
    const hidden = long.stateNode[50];
    expect(focusPoint(layout, hidden)).toEqual({
      x: layout.blocks[layout.blockIndex[hidden]].x + layout.blocks[layout.blockIndex[hidden]].w / 2,
      y: layout.blocks[layout.blockIndex[hidden]].y + layout.blocks[layout.blockIndex[hidden]].h / 2,
    });
  });

  it('is a pure function: the same input gives the same layout', () => {
    expect(chainLayout(view)).toEqual(chainLayout(view));
  });
});

describe('the layered layout for any tape', () => {
  it('places x·x + sin(x·y) left to right, every node once, without overlaps', () => {
    const tape = new Tape();
    const x = tape.leaf(0.5);
    const y = tape.leaf(4);
    const out = tape.add(tape.mul(x, y), tape.sin(tape.mul(x, x)));
    const view = describeTape(tape, out, (i) => ['x', 'y'][i] ?? '');
    expect(fitsTemplate({ ...view, steps: 0, step: new Int32Array(view.length) })).toBe(false);
    const layout = layeredLayout(dagre, view);
    expect(layout.nodes.map((n) => n.id)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(overlapping(layout)).toEqual([]);
    expect(layout.edges).toHaveLength(7);
    for (const e of layout.edges) {
      if (e.from.kind !== 'node' || e.to.kind !== 'node') throw new Error('no blocks here');
      expect(layout.nodes[e.from.id].x).toBeLessThan(layout.nodes[e.to.id].x);
      expect(e.d).toMatch(/^M/);
    }
    // x·x: two distinct edges between the same pair of nodes.
    const square = layout.edges.filter((e) => e.to.kind === 'node' && e.to.id === 3);
    expect(square.map((e) => e.tapeEdges[0])).toEqual([6, 7]);
  });
});
