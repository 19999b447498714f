import type { LabReport } from '../engine/report.ts';

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
