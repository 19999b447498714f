import { describe, expect, it } from 'vitest';
import { packReport, packTapeView, reportBuffers, tapeViewBuffers, unpackReport, unpackTapeView } from '../../workers/channel/transfer.ts';
import { chainTapeView } from '../../engine/tape-view.ts';
import { defaultParams } from '../../engine/chain.ts';
import { heatLevels, tangentLevels } from '../../engine/heat-levels.ts';
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

  it("works out the tangents' colour levels in the worker, moves them with the report and keeps them for the heat strip", () => {
    const report = labReport({ steps: 7, stride: 2 });
    const packed = packReport(report);
    expect(packed.tangentLevels).toEqual(heatLevels(report.tangents!, 7));
    expect(reportBuffers(packed)).toContain(packed.tangentLevels!.levels.buffer);
    const arrived = structuredClone(packed, { transfer: reportBuffers(packed) });
    expect(packed.tangentLevels!.levels.length).toBe(0);
    const unpacked = unpackReport(arrived);
    expect('tangentLevels' in unpacked).toBe(false);
    expect(tangentLevels(unpacked.tangents!, 7)).toBe(arrived.tangentLevels);
    // A report without tangents (forward mode left out) has no levels.
    expect(packReport({ ...report, tangents: null }).tangentLevels).toBeNull();
  });

  it('packs the schedule into one Int32Array that moves with the report and unpacks to the same actions', () => {
    for (const settings of [{ steps: 9, stride: 2 }, { steps: 12, schedule: 'revolve' as const, snapshots: 3 }]) {
      const report = labReport(settings);
      const actions = structuredClone(report.checkpoint.actions);
      expect(actions.length).toBeGreaterThan(10);
      const packed = packReport(report);
      expect(packed.checkpoint.actions).toEqual([]);
      expect(packed.packedActions).toHaveLength(3 * actions.length);
      expect(reportBuffers(packed)).toContain(packed.packedActions!.buffer);
      const arrived = structuredClone(packed, { transfer: reportBuffers(packed) });
      const unpacked = unpackReport(arrived);
      expect(unpacked.checkpoint.actions).toEqual(actions);
      expect('packedActions' in unpacked).toBe(false);
    }
    // The same schedule arriving again unpacks to the very same array (structural sharing then
    // sees it unchanged without comparing every action); another schedule to a new one.
    const again = labReport({ steps: 9, stride: 2 });
    const first = unpackReport(packReport(again)).checkpoint.actions;
    expect(unpackReport(packReport(labReport({ steps: 9, stride: 2 }))).checkpoint.actions).toBe(first);
    expect(unpackReport(packReport(labReport({ steps: 9, stride: 3 }))).checkpoint.actions).not.toBe(first);
    // A report that was never packed (a test's fake worker) passes through as it is.
    const plain = labReport({ steps: 4 });
    expect(unpackReport(plain)).toBe(plain);
  });
});

describe('moving a tape view to the main thread', () => {
  it('sends only the named nodes and their names, and unpacks to the same view', () => {
    const view = chainTapeView(defaultParams(5));
    const named = view.name.filter((name) => name !== '').length;
    // c, x₀ and a_t, b_t for each of the 5 steps.
    expect(named).toBe(2 + 2 * 5);
    const packed = packTapeView(view);
    expect('name' in packed).toBe(false);
    expect(packed.packedNames.names.split("\n")).toHaveLength(named);
    expect(tapeViewBuffers(packed)).toContain(packed.packedNames.nodes.buffer);
    const arrived = structuredClone(packed, { transfer: tapeViewBuffers(packed) });
    expect(packed.packedNames.nodes.length).toBe(0);
    const unpacked = unpackTapeView(arrived);
    expect(unpacked.name).toEqual(view.name);
    expect(Array.from(unpacked.adjoint)).toEqual(Array.from(chainTapeView(defaultParams(5)).adjoint));
  });
});
