import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedBrowser, type Watch } from './harness.ts';
import { wait } from './patience.ts';
import { slugAt } from '../../app/lesson/chapters/order.ts';

const env = sharedBrowser();

interface Measured {
  direction: string;
  /** The graph's text size on screen, in CSS pixels (its font times the fit to the width). */
  font: number;
  /** Pairs of node boxes that overlap. */
  overlaps: string[];
  /** Edges that pass through a node they do not join (sampled along the drawn curve). */
  through: string[];
  /** Texts that spill out of their box. */
  spills: string[];
  /** Edges drawn, and how many carry an arrowhead and a label. */
  edges: number;
  arrows: number;
  labels: number;
}

/** Reads the drawn graph of the chapter on screen: its boxes, curves and texts, in screen pixels. */
function measureGraph(page: Page): Promise<Measured> {
  return page.locator('.xgraph').first().evaluate((root): Measured => {
    const svg = root.querySelector('svg')!;
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const font = parseFloat(getComputedStyle(svg).fontSize) * scale;
    const nodes = [...root.querySelectorAll<SVGGElement>('.xg-node')].map((g) => ({ id: g.dataset.node!, g, box: g.querySelector('rect')!.getBoundingClientRect() }));
    const overlaps: string[] = [];
    for (let i = 0; i < nodes.length; i++) {
      for (let j = 0; j < i; j++) {
        const a = nodes[i].box;
        const b = nodes[j].box;
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps.push(`${nodes[j].id}/${nodes[i].id}`);
      }
    }
    const spills: string[] = [];
    const inside = (t: DOMRect, b: DOMRect) => t.left >= b.left - 0.5 && t.right <= b.right + 0.5 && t.top >= b.top - 0.5 && t.bottom <= b.bottom + 0.5;
    for (const n of nodes) for (const t of n.g.querySelectorAll('text')) if (!inside(t.getBoundingClientRect(), n.box)) spills.push(`node ${n.id}: ${t.textContent}`);
    const through: string[] = [];
    let arrows = 0;
    let labels = 0;
    const edges = [...root.querySelectorAll<SVGGElement>('.xg-edge')];
    for (const e of edges) {
      const path = e.querySelector('path')!;
      if (path.getAttribute('marker-end')) arrows++;
      const label = e.querySelector('.xg-label');
      if (label) {
        labels++;
        const box = label.querySelector('rect')!.getBoundingClientRect();
        if (!inside(label.querySelector('text')!.getBoundingClientRect(), box)) spills.push(`edge ${e.dataset.edge}: ${label.textContent}`);
      }
      const m = path.getScreenCTM()!;
      const length = path.getTotalLength();
      for (let k = 0; k <= 200; k++) {
        const p = path.getPointAtLength((length * k) / 200);
        const x = m.a * p.x + m.c * p.y + m.e;
        const y = m.b * p.x + m.d * p.y + m.f;
        for (const n of nodes) {
          if (n.id === e.dataset.from || n.id === e.dataset.to) continue;
          const b = n.box;
          if (x > b.left + 1 && x < b.right - 1 && y > b.top + 1 && y < b.bottom - 1) through.push(`${e.dataset.from}→${e.dataset.to} through ${n.id}`);
        }
      }
    }
    return { direction: root.dataset.direction ?? '', font, overlaps, through: [...new Set(through)], spills, edges: edges.length, arrows, labels };
  });
}

/**
 * One page per screen (projector in presentation, phone) that the chapters share: one load each
 * instead of three. A test reaches its chapter by the hash, as the lesson's own links do
 * (app/lesson/wire.ts), and waits until the earlier chapter's graph is gone: the chapter's figure
 * is mounted afresh (LessonPage keys it by chapter), as on a load of its link.
 */
const pages = new Map<string, { page: Page; watch: Watch; close(): Promise<void> }>();
afterAll(async () => {
  for (const { close } of pages.values()) await close();
});

async function graphOf(chapter: number, width: number, height: number, present: boolean): Promise<Measured> {
  const hash = `#lesson=${slugAt(chapter)}${present ? '&present=1' : ''}`;
  const key = `${width}×${height}`;
  let shared = pages.get(key);
  if (!shared) {
    const { page, watch } = await env.page({ viewport: { width, height }, keep: true });
    await page.goto(`${env.served.url}${hash}`);
    shared = { page, watch, close: () => page.close() };
    pages.set(key, shared);
  } else if ((await shared.page.evaluate(() => window.location.hash)) !== hash) {
    await shared.page.evaluate((h) => {
      document.querySelectorAll('.xgraph svg').forEach((svg) => svg.setAttribute('data-earlier', ''));
      window.location.hash = h;
    }, hash);
    await shared.page.waitForFunction(() => !document.querySelector('.xgraph svg[data-earlier]'), undefined, { timeout: wait(60_000) });
  }
  const { page, watch } = shared;
  watch.errors.length = 0;
  await page.locator('.xgraph svg .xg-node').first().waitFor();
  // Every node drawn and every edge recorded (chapter 1 shows the whole recording at first).
  await page.waitForFunction(() => document.querySelectorAll('.xgraph .xg-edge').length > 0 && !document.querySelector('.xgraph .xg-node.pending'));
  const measured = await measureGraph(page);
  expect(watch.errors).toEqual([]);
  return measured;
}

describe('the expression graph', () => {
  for (const chapter of [1, 2, 3]) {
    it(`chapter ${chapter} on a projector (1920×1080, presentation): left to right, no overlaps, no edge through a node, text in its boxes, back-row type`, async () => {
      const g = await graphOf(chapter, 1920, 1080, true);
      expect(g.direction).toBe('LR');
      expect(g.overlaps).toEqual([]);
      expect(g.through).toEqual([]);
      expect(g.spills).toEqual([]);
      expect(g.arrows).toBe(g.edges);
      expect(g.labels).toBe(g.edges);
      // Eight nodes at 24 px need about 1,030 px (chapter 1's boxes, with no adjoints, less): the
      // figure column is given that much, so the graph is drawn at its full size, never shrunk.
      expect(g.font).toBeGreaterThanOrEqual(24);
    });

    it(`chapter ${chapter} on a phone (390×844): top to bottom, no overlaps, no edge through a node, text in its boxes`, async () => {
      const g = await graphOf(chapter, 390, 844, false);
      expect(g.direction).toBe('TB');
      expect(g.overlaps).toEqual([]);
      expect(g.through).toEqual([]);
      expect(g.spills).toEqual([]);
      expect(g.arrows).toBe(g.edges);
      expect(g.font).toBeGreaterThanOrEqual(14);
    });
  }
});
