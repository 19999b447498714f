import { describe, expect, it } from 'vitest';
import { runInPieces, TimingAbandoned } from '../../workers/lab/pieces.ts';
import { whenIdle } from '../../engine/slicing.ts';

function* threePieces(log: string[]): Generator<void, string> {
  for (const name of ['a', 'b', 'c']) {
    log.push(name);
    yield;
  }
  return 'done';
}

describe('background work in pieces', () => {
  it('waits for the page between pieces, and for nothing else', async () => {
    const log: string[] = [];
    const result = await runInPieces(threePieces(log), async () => void log.push('wait'), () => false);
    expect(result).toBe('done');
    expect(log).toEqual(['a', 'wait', 'b', 'wait', 'c', 'wait']);
  });

  it('does not start a piece until the wait is over', async () => {
    const log: string[] = [];
    let release = () => {};
    const held = runInPieces(threePieces(log), () => new Promise<void>((resolve) => (release = resolve)), () => false);
    await Promise.resolve();
    expect(log).toEqual(['a']);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log).toEqual(['a', 'b']);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await expect(held).resolves.toBe('done');
  });

  it('gives up after a wait in which it was disturbed, and before the first piece', async () => {
    const log: string[] = [];
    let disturbed = false;
    const run = runInPieces(threePieces(log), async () => void (disturbed = log.length === 2), () => disturbed);
    await expect(run).rejects.toBeInstanceOf(TimingAbandoned);
    expect(log).toEqual(['a', 'b']);
    await expect(runInPieces(threePieces([]), async () => {}, () => true)).rejects.toThrow('the settings changed');
  });

  it('has a word of idleness even where the page has no requestIdleCallback', async () => {
    expect(typeof (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback).toBe('undefined');
    await expect(whenIdle(10)).resolves.toBeUndefined();
  });
});
