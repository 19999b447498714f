import { afterEach, describe, expect, it } from 'vitest';
import { useLab } from '../../../../app/state/store/index.ts';
import { tapeKeyOf } from '../../../../app/sections/tape/tapeSlice.ts';
import { describeEvent, describeRecord } from '../../../../app/ui/tape/narrate.ts';
import { contributionsTo, tapeFrame, tapeStatics, wrongInputs } from '../../../../app/ui/tape/model.ts';
import { startTape, type TapeSource } from '../../../../app/sections/tape/tapeSync.ts';
import { defaultParams } from '../../../../engine/chain.ts';
import { chainTapeView, type ChainTapeView } from '../../../../engine/tape-view.ts';

const view = chainTapeView(defaultParams(40));
const statics = tapeStatics(view);
const { tl } = statics;

afterEach(() => useLab.setState(useLab.getInitialState(), true));

describe('what the tape panel shows at each position', () => {
  it('the adjoint column it shows at the end is the engine\'s, replayed from the events it received', () => {
    const end = tapeFrame(statics, tl.end, false);
    expect(Array.from(end.shown!.adjoint)).toEqual(Array.from(view.adjoint));
    const wrong = tapeFrame(statics, tl.end, true);
    expect(Array.from(wrong.wrong!.adjoint)).toEqual(Array.from(view.overwrite.adjoint));
    expect(Array.from(wrong.right!.adjoint)).toEqual(Array.from(view.adjoint));
  });

  it('each event\'s numbers are the engine\'s: before + partial × node adjoint = after, in its own floats', () => {
    for (const k of [1, 2, 40, 200, tl.events]) {
      const f = tapeFrame(statics, tl.seed + k, false);
      const e = f.event!;
      expect(e.node).toBe(view.sweep.node[k - 1]);
      expect(e.parent).toBe(view.sweep.parent[k - 1]);
      expect(e.contribution).toBe(view.sweep.contribution[k - 1]);
      expect(e.parentAdjoint).toBe(view.sweep.parentAdjoint[k - 1]);
      expect(e.before + e.contribution).toBe(e.parentAdjoint);
      expect(f.shown!.adjoint[e.parent]).toBe(e.parentAdjoint);
      expect(f.swept[f.edge]).toBe(1);
    }
  });

  it('while recording, only the nodes recorded so far are on the tape and no adjoint is shown', () => {
    const f = tapeFrame(statics, 6, false);
    expect(f.frame).toMatchObject({ phase: 'record', recorded: 6, node: 5 });
    expect(f.shown).toBeNull();
    expect(f.narration).toBe(describeRecord(view, 5));
    expect(f.narration).toMatch(/^Recorded node 5, add of nodes 4 and 3: value 0\.5118, local partials 1 and 1\.$/);
  });

  it('the seed position says the sweep starts at the output with adjoint 1', () => {
    const f = tapeFrame(statics, tl.seed, false);
    expect(f.node).toBe(view.output);
    expect(f.shown!.adjoint[view.output]).toBe(1);
    expect(f.narration).toContain('set to 1');
  });

  it('a fan-out node collects one contribution per read, and the words count them', () => {
    const x1 = view.stateNode[1];
    const events = contributionsTo(view.sweep, x1);
    expect(events).toHaveLength(view.uses[x1]);
    const last = events[events.length - 1];
    const f = tapeFrame(statics, tl.seed + last + 1, false);
    expect(f.shown!.received[x1]).toBe(4);
    expect(f.shown!.adjoint[x1]).toBe(view.adjoint[x1]);
    expect(f.narration).toContain(`added to node ${x1} (x₁), contribution 4 of 4, which now holds`);
  });

  it('with the pitfall on, the shown adjoints differ from the right ones exactly where a fan-out lost contributions, or downstream of one', () => {
    const f = tapeFrame(statics, tl.end, true);
    const differs = new Set<number>();
    for (let i = 0; i < view.length; i++) if (!Object.is(f.wrong!.adjoint[i], f.right!.adjoint[i])) differs.add(i);
    for (const i of view.divergesAt) expect(differs.has(i)).toBe(true);
    // The first node to go wrong, in sweep order, is read more than once.
    const first = Math.max(...differs);
    expect(view.uses[first]).toBeGreaterThanOrEqual(2);
    expect(view.divergesAt).toContain(first);
    expect(wrongInputs(view).wrong.length).toBeGreaterThan(0);
    expect(wrongInputs(view).inputs).toBe(2 + 80);
  });

  it('overwriting words say what was lost', () => {
    const x1 = view.stateNode[1];
    const events = contributionsTo(view.overwrite, x1);
    const k = events[1];
    const f = tapeFrame(statics, tl.seed + k + 1, true);
    expect(f.event!.ordinal).toBe(2);
    expect(f.narration).toMatch(new RegExp(`written over node ${x1} \\(x₁\\), contribution 2 of 4; the .+ it held is lost\\.`));
    expect(describeEvent(view, f.rightEvent!, false)).toContain('added to');
  });
});

describe('the tape slice', () => {
  it('opens a first tape at the seed, and steps, plays and seeks within it', () => {
    const s = useLab.getState();
    s.receiveTape(view, tapeKeyOf(s));
    expect(useLab.getState().position).toBe(tl.seed);
    s.stepBy(1);
    expect(useLab.getState().position).toBe(tl.seed + 1);
    s.stepBy(-5);
    expect(useLab.getState().position).toBe(tl.seed - 4);
    s.seek(1e9);
    expect(useLab.getState().position).toBe(tl.end);
    // Play from the end starts again from the empty tape.
    s.togglePlay();
    expect(useLab.getState()).toMatchObject({ playing: true, position: 0 });
    s.stepBy(1);
    expect(useLab.getState()).toMatchObject({ playing: false, position: 1 });
  });

  it('keeps its landmark when a longer tape arrives', () => {
    const s = useLab.getState();
    s.receiveTape(view, 'a');
    s.seek(tl.end);
    const longer = chainTapeView(defaultParams(50));
    s.receiveTape(longer, 'b');
    expect(useLab.getState().position).toBe(longer.length + 1 + longer.sweep.count);
  });
});

describe('fetching the tape', () => {
  function fakeSource() {
    const calls: { steps: number; resolve: (v: ChainTapeView) => void; reject: (e: Error) => void }[] = [];
    const source: TapeSource = {
      tape: (settings) => new Promise((resolve, reject) => calls.push({ steps: settings.steps, resolve, reject })),
    };
    return { source, calls };
  }
  const flush = (ms = 0) => new Promise((r) => setTimeout(r, ms));

  it('asks for nothing until the panel is wanted, then for the newest settings only', async () => {
    const { source, calls } = fakeSource();
    const stop = startTape(useLab, source, 0);
    useLab.getState().setSetting('steps', 12);
    expect(calls).toHaveLength(0);
    useLab.getState().setTapeWanted(true);
    expect(calls.map((c) => c.steps)).toEqual([12]);
    // Slider moves while the first is in flight: only the last is asked for next.
    useLab.getState().setSetting('steps', 13);
    useLab.getState().setSetting('steps', 14);
    await flush();
    expect(calls).toHaveLength(1);
    calls[0].resolve(chainTapeView(defaultParams(12)));
    await flush();
    expect(calls.map((c) => c.steps)).toEqual([12, 14]);
    calls[1].resolve(chainTapeView(defaultParams(14)));
    await flush();
    expect(useLab.getState().tape!.steps).toBe(14);
    expect(useLab.getState().tapeLoading).toBe(false);
    // The epsilon does not change the tape: no new request.
    useLab.getState().setSetting('eps', 1e-7);
    await flush();
    expect(calls).toHaveLength(2);
    stop();
  });

  it('waits for a dragged slider to rest before recording the tape again', async () => {
    const { source, calls } = fakeSource();
    const stop = startTape(useLab, source, 40);
    useLab.getState().setTapeWanted(true);
    calls[0].resolve(chainTapeView(defaultParams(40)));
    await flush();
    for (const steps of [41, 42, 43, 44]) {
      useLab.getState().setSetting('steps', steps);
      await flush(10);
    }
    expect(calls).toHaveLength(1);
    await flush(60);
    expect(calls.map((c) => c.steps)).toEqual([40, 44]);
    stop();
  });

  it('asks again when the worker was restarted under it, and reports a real failure once', async () => {
    const { source, calls } = fakeSource();
    const stop = startTape(useLab, source, 0);
    useLab.getState().setTapeWanted(true);
    calls[0].reject(Object.assign(new Error('the worker was restarted'), { name: 'EngineStopped' }));
    await flush();
    expect(calls).toHaveLength(2);
    calls[1].reject(new Error('steps must be at least 1'));
    await flush();
    expect(calls).toHaveLength(2);
    expect(useLab.getState().tapeFailure).toBe('steps must be at least 1');
    stop();
  });
});
