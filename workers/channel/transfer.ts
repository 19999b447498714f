import type { CheckpointAction, LabReport } from '../../engine/report.ts';
import type { TapeView } from '../../engine/tape-view.ts';
import { heatLevels, rememberHeatLevels, type HeatLevels } from '../../engine/heat-levels.ts';

/**
 * The distinct ArrayBuffers behind a report's typed arrays, to move (not copy) them to the main
 * thread. Each buffer is listed once: transferring one twice is an error.
 */
export function reportBuffers(report: LabReport): ArrayBuffer[] {
  const arrays: (Float64Array | Int32Array | Uint16Array | null)[] = [
    report.params.a,
    report.params.b,
    report.states,
    report.adjoint,
    report.tangents,
    (report as Partial<PackedReport>).packedActions ?? null,
    (report as Partial<PackedReport>).tangentLevels?.levels ?? null,
  ];
  for (const pair of [...Object.values(report.gradient), report.checkpoint.gradient]) {
    if (pair) arrays.push(pair.a, pair.b);
  }
  const buffers = new Set<ArrayBuffer>();
  for (const array of arrays) {
    if (array && array.buffer instanceof ArrayBuffer && array.buffer.byteLength > 0) buffers.add(array.buffer);
  }
  return [...buffers];
}

/**
 * The distinct ArrayBuffers behind a tape view's typed arrays (its columns and both sweep traces),
 * each once.
 */
export function tapeViewBuffers(view: TapeView | PackedTapeView<TapeView>): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const collect = (value: unknown) => {
    if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer && value.buffer.byteLength > 0) {
      buffers.add(value.buffer);
    }
  };
  for (const value of Object.values(view)) collect(value);
  for (const trace of [view.sweep, view.overwrite]) for (const value of Object.values(trace)) collect(value);
  if ('packedNames' in view) collect(view.packedNames.nodes);
  return [...buffers];
}

/**
 * A tape view as it crosses to the main thread: its names as the named nodes and one string of
 * their names, one a line, not one string per node. The chain at 100,000 steps has 1.5 million
 * nodes, 200,002 of them named; the structured clone of a 1.5-million-entry array of strings held
 * the page for about a tenth of a second, where an Int32Array moves for free and one string
 * splits in about ten milliseconds (Chromium 156). (A name never holds a line break: names are
 * leaf labels and program identifiers.)
 */
export type PackedTapeView<V extends TapeView> = Omit<V, 'name'> & { packedNames: { nodes: Int32Array; names: string } };

/** The view with its names packed (the worker's side). */
export function packTapeView<V extends TapeView>(view: V): PackedTapeView<V> {
  const nodes: number[] = [];
  const names: string[] = [];
  view.name.forEach((name, node) => {
    if (name !== '') {
      nodes.push(node);
      names.push(name);
    }
  });
  const { name: _all, ...rest } = view;
  return { ...rest, packedNames: { nodes: Int32Array.from(nodes), names: names.join('\n') } };
}

/** The view with one name per node again, '' for the unnamed (the main thread's side). */
export function unpackTapeView<V extends TapeView>(packed: PackedTapeView<V>): V {
  const { packedNames, ...rest } = packed;
  const name = new Array<string>(rest.length).fill('');
  const names = packedNames.names.split('\n');
  packedNames.nodes.forEach((node, i) => {
    name[node] = names[i];
  });
  return { ...rest, name } as unknown as V;
}

/**
 * A report as it crosses to the main thread, with two things done in the worker that the page
 * would otherwise do on its own thread:
 * - the checkpoint schedule's actions packed into one Int32Array (three numbers an action: kind,
 *   step, to) instead of an array of objects. At 100,000 steps a schedule has hundreds of
 *   thousands of actions, and the structured clone of that many small objects held the page for a
 *   good part of a second; an Int32Array moves for free and unpacks in a few milliseconds;
 * - the colour levels of the tangent table (engine/heat-levels.ts), a logarithm per entry, so
 *   the forward panel's heat strip only looks its colours up.
 */
export type PackedReport = LabReport & { packedActions: Int32Array | null; tangentLevels: HeatLevels | null };

const KINDS: readonly CheckpointAction['kind'][] = ['advance', 'store', 'restore', 'free', 'record', 'reverse'];

/** The report with its actions packed and its tangents' levels worked out (the worker's side). */
export function packReport(report: LabReport): PackedReport {
  const actions = report.checkpoint.actions;
  const packed = new Int32Array(actions.length * 3);
  actions.forEach((a, i) => {
    packed[3 * i] = KINDS.indexOf(a.kind);
    packed[3 * i + 1] = a.step;
    packed[3 * i + 2] = a.kind === 'advance' ? a.to : 0;
  });
  const tangentLevels = report.tangents ? heatLevels(report.tangents, report.steps) : null;
  return { ...report, checkpoint: { ...report.checkpoint, actions: [] }, packedActions: packed, tangentLevels };
}

/** The last schedule unpacked, so the same schedule arriving again unpacks to the same array. */
let lastUnpacked: { packed: Int32Array; actions: CheckpointAction[] } | null = null;

function samePacked(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The report as the page keeps it (the main thread's side): its actions unpacked, and its tangents'
 * levels remembered for the heat strip (rememberHeatLevels). A report never packed passes as it
 * is. A schedule equal to the last one unpacked gives back the same array, so the store's
 * structural sharing sees it unchanged at once instead of comparing every action.
 */
export function unpackReport(report: LabReport & Partial<Pick<PackedReport, 'packedActions' | 'tangentLevels'>>): LabReport {
  if (!report.packedActions) return report;
  const { packedActions: packed, tangentLevels, ...rest } = report;
  if (tangentLevels && rest.tangents) rememberHeatLevels(rest.tangents, tangentLevels);
  if (lastUnpacked && samePacked(lastUnpacked.packed, packed)) {
    return { ...rest, checkpoint: { ...rest.checkpoint, actions: lastUnpacked.actions } };
  }
  const actions: CheckpointAction[] = new Array(packed.length / 3);
  for (let i = 0; i < actions.length; i++) {
    const kind = KINDS[packed[3 * i]];
    const step = packed[3 * i + 1];
    actions[i] = kind === 'advance' ? { kind, step, to: packed[3 * i + 2] } : { kind, step };
  }
  lastUnpacked = { packed, actions };
  return { ...rest, checkpoint: { ...rest.checkpoint, actions } };
}
