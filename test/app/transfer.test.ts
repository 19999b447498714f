import { describe, expect, it } from 'vitest';
import { reportBuffers } from '../../workers/channel/transfer.ts';
import { labReport } from './fixture.ts';

describe('moving a report to the main thread', () => {
  it('lists every typed array buffer of the report exactly once', () => {
    const report = labReport({ steps: 8, stride: 2 });
    const buffers = reportBuffers(report);
    expect(new Set(buffers).size).toBe(buffers.length);
    for (const array of [report.states, report.adjoint, report.tangents!, report.gradient.reverse.a, report.checkpoint.gradient.b]) {
      expect(buffers).toContain(array.buffer);
    }
  });

  it('survives structured cloning with the buffers transferred', () => {
    const report = labReport({ steps: 6, stride: 3 });
    const adjoint = Array.from(report.adjoint);
    const copy = structuredClone(report, { transfer: reportBuffers(report) });
    expect(Array.from(copy.adjoint)).toEqual(adjoint);
    expect(report.adjoint.length).toBe(0);
  });
});
