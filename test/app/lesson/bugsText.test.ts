import { describe, expect, it } from 'vitest';
import { chainBugs } from '../../../engine/bugs/report.ts';
import { defaultParams } from '../../../engine/chain.ts';
import { compareGradients, LESSON_BUGS, outcomeSentence } from '../../../app/lesson/chapters/bugs/bugsText.ts';

const params = defaultParams(40);
const bugs = chainBugs(params, { detachStep: 30 });
const bug = (name: string) => bugs.find((b) => b.name === name)!;

describe('chapter 11: what each bug does, read off the worker’s numbers', () => {
  it('offers five bugs the chain report has, in its order', () => {
    expect(LESSON_BUGS.map((n) => bugs.findIndex((b) => b.name === n))).toEqual([0, 1, 2, 3, 4]);
  });

  it('zero-grad: every one of the 80 entries is exactly twice the right one', () => {
    const r = bug('zero-grad');
    const c = compareGradients(r.correct.gradient!, r.buggy.gradient!);
    expect(c).toMatchObject({ entries: 80, twice: 80, equal: 0 });
    expect(outcomeSentence(r, 30)).toBe('80 of the 80 entries are exactly twice the right ones.');
  });

  it('detach at step 30: the 60 entries before it are 0, the 20 after it exact', () => {
    const r = bug('detach');
    const c = compareGradients(r.correct.gradient!, r.buggy.gradient!);
    expect(c).toMatchObject({ zeroed: 60, equal: 20 });
    expect(outcomeSentence(r, 30)).toMatch(/^60 of the 80 entries are exactly 0: every aₜ and bₜ before step 30\. The 20 after it are exact\.$/);
  });

  it('in-place and overwrite give wrong gradients; retain-graph is refused and says what keeping the tape costs', () => {
    expect(compareGradients(bug('in-place').correct.gradient!, bug('in-place').buggy.gradient!).gap).toBeGreaterThan(0);
    expect(bug('in-place').buggy.error).toMatch(/modified by an inplace operation/);
    expect(outcomeSentence(bug('overwrite'), 30)).toMatch(/^\d+ of the 80 entries are wrong/);
    expect(bug('retain-graph').buggy.gradient).toBeUndefined();
    expect(outcomeSentence(bug('retain-graph'), 30)).toMatch(/holds \d/);
  });
});

describe('chapter 12: the slider’s direction', () => {
  it('is a unit vector, exactly (1, 0), (0, 1) and (−1, 0) on the axes', async () => {
    const { directionAt, ANGLE_STEP } = await import('../../../app/lesson/chapters/second-order/direction.ts');
    expect(directionAt(0)).toEqual({ x: 1, y: 0 });
    expect(directionAt(90)).toEqual({ x: 0, y: 1 });
    expect(directionAt(180)).toEqual({ x: -1, y: 0 });
    for (let a = 0; a <= 180; a += ANGLE_STEP) {
      const v = directionAt(a);
      expect(Math.hypot(v.x, v.y)).toBeCloseTo(1, 14);
    }
  });
});
