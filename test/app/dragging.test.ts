import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDragging, noteSliderInput, onDragging, QUIET_MS } from '../../app/state/perf/dragging.ts';

afterEach(() => {
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('a drag, as the gates of parts far from the screen see it', () => {
  it('starts with a slider input and ends QUIET_MS after the last one, each change heard once', () => {
    vi.useFakeTimers();
    const heard: boolean[] = [];
    const stop = onDragging((now) => heard.push(now));
    expect(isDragging()).toBe(false);
    noteSliderInput();
    expect(isDragging()).toBe(true);
    vi.advanceTimersByTime(QUIET_MS - 1);
    noteSliderInput();
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(isDragging()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isDragging()).toBe(false);
    expect(heard).toEqual([true, false]);
    stop();
    noteSliderInput();
    expect(heard).toEqual([true, false]);
  });
});
