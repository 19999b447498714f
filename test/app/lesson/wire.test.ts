import { afterEach, describe, expect, it } from 'vitest';
import type { LabReport } from '../../../engine/report.ts';
import { startLesson } from '../../../app/lesson/wire.ts';
import { CHAPTER_COUNT, slugAt } from '../../../app/lesson/chapters/order.ts';
import { useLab } from '../../../app/state/store/index.ts';
import { startLab } from '../../../app/lab/labSync.ts';
import type { LabRunner } from '../../../workers/lab/client.ts';
import { labReport } from '../fixture.ts';

/** A stand-in for window: a hash, the history call, and the hashchange listeners. */
function fakeHost(hash: string) {
  const host = {
    location: { hash },
    listeners: [] as (() => void)[],
    history: { replaceState: (_d: unknown, _u: string, url?: string) => void (host.location.hash = url ?? '') },
    addEventListener: (_t: 'hashchange', l: () => void) => void host.listeners.push(l),
    removeEventListener: () => {},
    /** Follows a link: the hash changes and every listener hears it. */
    go(next: string) {
      host.location.hash = next;
      host.listeners.forEach((l) => l());
    },
  };
  return host;
}

const runner: LabRunner = { run: (settings) => Promise.resolve(labReport({ steps: settings.steps }, settings.include) as LabReport) };
const settle = () => new Promise((r) => setTimeout(r, 20));

afterEach(() => useLab.setState(useLab.getInitialState(), true));

describe('the lesson beside the lab', () => {
  it('opens at #lesson=N, and the lab neither rewrites that hash nor calls its keys unknown', async () => {
    useLab.setState(useLab.getInitialState(), true);
    const host = fakeHost('#lesson=3&present=1');
    const stopLesson = startLesson(useLab, host);
    const stopLab = startLab(useLab, runner, host);
    expect(useLab.getState().lesson).toEqual({ chapter: 3, present: true, notes: false, embed: false });
    expect(host.location.hash).toBe('#lesson=3&present=1');
    expect(useLab.getState().notices).toEqual([]);
    // Open this in the lab: the lab reads its settings, the lesson steps aside.
    host.go('#steps=5&eps=1e-5&stride=5&schedule=periodic&snapshots=3&c=0.35&x0=0.4&target=0.25');
    expect(useLab.getState().lesson).toBeNull();
    expect(useLab.getState().steps).toBe(5);
    // And back to the lesson: the lab's settings stay as they were.
    host.go('#lesson=2');
    expect(useLab.getState().lesson?.chapter).toBe(2);
    expect(host.location.hash).toBe('#lesson=2');
    // The overview and the notes window are the lesson's places, not junk the lab corrects.
    for (const hash of ['#lesson=0&present=1', '#lesson=4&notes=1']) {
      host.go(hash);
      expect(host.location.hash).toBe(hash);
      expect(useLab.getState().lessonNotices).toEqual([]);
      expect(useLab.getState().notices).toEqual([]);
    }
    expect(useLab.getState().lesson).toEqual({ chapter: 4, present: false, notes: true, embed: false });
    stopLab();
    stopLesson();
    await settle();
  });

  it('writes a corrected lesson link back as what it shows, with its notice', () => {
    useLab.setState(useLab.getInitialState(), true);
    const host = fakeHost('#lesson=42');
    const stop = startLesson(useLab, host);
    expect(useLab.getState().lesson?.chapter).toBe(CHAPTER_COUNT);
    expect(useLab.getState().lessonNotices.join(' ')).toContain('there is no chapter 42');
    // Written back as the page writes a chapter: by its slug.
    expect(host.location.hash).toBe(`#lesson=${slugAt(CHAPTER_COUNT)}`);
    stop();
  });
});
