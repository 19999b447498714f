import { scaleLog } from 'd3';
import type { FrontierPoint, ScheduleKind } from '../../../engine/report.ts';
import type { Frame } from '../../ui/charts/frame.ts';
import { byteTicks, logTicks125, type Tick } from '../../ui/charts/ticks.ts';

/** Marks closer than this (px) to one already drawn are not drawn again. */
const MARK_GAP = 3.5;

export interface FrontierMark {
  setting: number;
  x: number;
  y: number;
  storedStates: number;
  peakBytes: number;
  workUnits: number;
}

export interface FrontierLayout {
  xTicks: Tick[];
  yTicks: Tick[];
  /** Every point of each schedule, in the order of its setting (each is a choice on the chart). */
  periodic: FrontierMark[];
  revolve: FrontierMark[];
  /**
   * The points drawn: those closer than a mark's width to one already drawn are left out (the
   * binomial schedule's counts near T all hold about the same bytes for the same work).
   */
  periodicDrawn: FrontierMark[];
  revolveDrawn: FrontierMark[];
  /** The schedule the settings select, or null when it is not on the frontier. */
  current: FrontierMark | null;
}

/**
 * Memory against recomputation: every stride and every snapshot count placed by the most bytes
 * it holds at once (x) and the work it costs in chain runs (y, where 2 means nothing recomputed).
 * Bytes, not states: a recorded step (~640 bytes) and a stored state (8 bytes) are both
 * one "state", and comparing schedules by states would flatter the periodic one.
 */
export function frontierLayout(
  frontier: { periodic: readonly FrontierPoint[]; revolve: readonly FrontierPoint[] },
  current: { schedule: ScheduleKind; setting: number },
  frame: Frame,
): FrontierLayout {
  const all = [...frontier.periodic, ...frontier.revolve];
  const bytes = all.map((p) => p.peakBytes);
  const work = all.map((p) => p.workUnits);
  // A little room around the points; log axes because both schedules span orders of magnitude.
  const x = scaleLog()
    .domain([Math.min(...bytes) / 1.15, Math.max(...bytes) * 1.12])
    .range([0, frame.innerWidth]);
  const y = scaleLog()
    .domain([Math.max(1, Math.min(...work) / 1.12), Math.max(...work, 3) * 1.2])
    .range([frame.innerHeight, 0]);
  const place = (p: FrontierPoint): FrontierMark => ({
    setting: p.setting,
    x: x(p.peakBytes),
    y: y(p.workUnits),
    storedStates: p.storedStates,
    peakBytes: p.peakBytes,
    workUnits: p.workUnits,
  });
  const periodic = frontier.periodic.map(place);
  const revolve = frontier.revolve.map(place);
  const list = current.schedule === 'periodic' ? periodic : revolve;
  return {
    xTicks: byteTicks(x, Math.max(3, Math.floor(frame.innerWidth / 52))),
    yTicks: logTicks125(y, Math.max(3, Math.floor(frame.innerHeight / 24))),
    periodic,
    revolve,
    periodicDrawn: apart(periodic, MARK_GAP),
    revolveDrawn: apart(revolve, MARK_GAP),
    current: list.find((m) => m.setting === current.setting) ?? null,
  };
}

/**
 * The marks at least `gap` px from every mark kept before them. Kept marks are filed in a grid of
 * gap-sized cells, so each mark is compared only with those in its own and the eight cells
 * around it (a mark within `gap` of it can lie nowhere else): linear, where comparing with every
 * kept mark was quadratic (400 marks at T = 200).
 */
export function apart(marks: readonly FrontierMark[], gap: number): FrontierMark[] {
  const cells = new Map<string, FrontierMark[]>();
  const kept: FrontierMark[] = [];
  for (const m of marks) {
    const cx = Math.floor(m.x / gap);
    const cy = Math.floor(m.y / gap);
    let near = false;
    for (let dx = -1; dx <= 1 && !near; dx++) {
      for (let dy = -1; dy <= 1 && !near; dy++) {
        near = cells.get(`${cx + dx},${cy + dy}`)?.some((k) => Math.hypot(k.x - m.x, k.y - m.y) < gap) ?? false;
      }
    }
    if (near) continue;
    const key = `${cx},${cy}`;
    const cell = cells.get(key);
    if (cell) cell.push(m);
    else cells.set(key, [m]);
    kept.push(m);
  }
  return kept;
}
