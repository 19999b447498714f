import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN, paceWords, parsePlan, plannedMinutes } from '../../../app/lesson/present/talkPlan.ts';

describe('the talk plan: a target length and a pace per chapter', () => {
  it('shares the target evenly, and what is left of it among the chapters not set', () => {
    expect(plannedMinutes({ target: 40, minutes: {} }, 4)).toEqual([10, 10, 10, 10]);
    expect(plannedMinutes({ target: 40, minutes: { 2: 16 } }, 4)).toEqual([8, 16, 8, 8]);
    expect(plannedMinutes({ target: 10, minutes: { 1: 12 } }, 3)).toEqual([12, 0, 0]);
  });

  it('says whether the talk is on pace, ahead or behind, against the chapter’s planned window', () => {
    const plan = { target: 40, minutes: {} };
    expect(paceWords(15 * 60000, plan, 4, 2)).toBe('Plan: this chapter 10:00–20:00 of 40:00. On pace.');
    expect(paceWords(5 * 60000, plan, 4, 2)).toBe('Plan: this chapter 10:00–20:00 of 40:00. 5:00 ahead.');
    expect(paceWords(22.5 * 60000, plan, 4, 2)).toBe('Plan: this chapter 10:00–20:00 of 40:00. 2:30 behind.');
  });

  it('reads a stored plan back whole, or not at all', () => {
    expect(parsePlan(JSON.stringify(DEFAULT_PLAN))).toEqual(DEFAULT_PLAN);
    expect(parsePlan('{"target": 30, "minutes": {"3": 5}}')).toEqual({ target: 30, minutes: { 3: 5 } });
    for (const bad of [null, '', '{', '{"target": 0, "minutes": {}}', '{"target": 30}', '{"target": 30, "minutes": {"x": 1}}', '{"target": 30, "minutes": {"2": -1}}']) {
      expect(parsePlan(bad), String(bad)).toBeNull();
    }
  });
});
