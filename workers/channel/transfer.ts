import type { LabReport } from '../../engine/report.ts';
import type { TapeView } from '../../engine/tape-view.ts';

/**
 * The distinct ArrayBuffers behind a report's typed arrays, to move (not copy) them to the main
 * thread. Each buffer is listed once: transferring one twice is an error.
 */
export function reportBuffers(report: LabReport): ArrayBuffer[] {
  const arrays: (Float64Array | null)[] = [
    report.params.a,
    report.params.b,
    report.states,
    report.adjoint,
    report.tangents,
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
export function tapeViewBuffers(view: TapeView): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const collect = (value: unknown) => {
    if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer && value.buffer.byteLength > 0) {
      buffers.add(value.buffer);
    }
  };
  for (const value of Object.values(view)) collect(value);
  for (const trace of [view.sweep, view.overwrite]) for (const value of Object.values(trace)) collect(value);
  return [...buffers];
}
