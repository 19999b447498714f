import { describe, expect, it } from 'vitest';
import { say } from '../../../app/lesson/chapters/row.ts';
import { CHAPTERS } from '../../../app/lesson/chapters/table.ts';
import { feedback } from '../../../app/lesson/Predict.tsx';

/**
 * Words that would give each chapter's answer away, were a wrong choice's reason to say them.
 * (Chapter 11's question belongs to the bugs chapter and is checked there.)
 */
const GIVEAWAY: Record<number, RegExp> = {
  2: /\bis 1\b|seed is|= 1\b/,
  3: /last|survives/i,
  5: /2 passes|stays|the same/i,
  6: /raises|goes up|grows as 1\/h/i,
  7: /doubles|twice/i,
  8: /√|k = 6|stride 6/,
  9: /3,000|thousands of times|about \d/i,
  10: /exactly 0|get 0|are 0/i,
  11: /exactly twice|twice the right|, not -?\d/i,
  12: /\b4 passes|two passes’ worth|each on dual numbers/i,
};

const LIVE = { z: '0.87', overwritten: '4', sum: '4.39', ratio: '3,000×', scalarNodes: '30,000', tensorNodes: '10', items1: '37', items6: '12', items36: '37', nodes100: '1,402', nodes200: '2,802', at: '1e-7', atHalf: '2e-7', ratioH: '2', zeroed: '30', hvpWork: '4', gradWork: '2', parts6: '5 stored states, 6 recorded steps and the working state', stepNodes: '14', stepPrimitives: '12', fixedNodes: '5', nodeBytes: '40' };

describe('Predict: answer first, then see', () => {
  it('a first wrong try gets its reason and a second try, not the answer; the second, or asking, gives it', () => {
    const wrong = { correct: false, why: 'A reason.' };
    expect(feedback(null, false, 'B', 'Because.')).toBe('');
    expect(feedback(wrong, false, 'B', 'Because.')).toBe('Not quite. A reason. Try once more.');
    expect(feedback(wrong, true, 'B', 'Because.')).toBe('Not quite. The answer: “B”. Because.');
    expect(feedback(null, true, 'B', 'Because.')).toBe('The answer: “B”. Because.');
    expect(feedback({ correct: true, why: 'Because.' }, true, 'B', 'Because.')).toBe('Yes. Because.');
  });

  it('no wrong choice’s reason, and no choice’s label, names the answer', () => {
    for (const row of CHAPTERS) {
      const q = row.question;
      const giveaway = GIVEAWAY[row.number];
      if (!q || !giveaway) continue;
      for (const live of [{}, LIVE]) {
        for (const c of q.choices) {
          const label = say(c.label, live);
          if (label === q.answer) continue;
          expect(say(c.why, live), `chapter ${row.number}, “${label}”`).not.toMatch(giveaway);
          expect(say(c.why, live), `chapter ${row.number}, “${label}”`).not.toContain(q.answer);
        }
        // A label names its choice, never the reason it is right (chapter 8's "near √36" did).
        for (const c of q.choices) expect(say(c.label, live), `chapter ${row.number}`).not.toMatch(/√|≈ ?the answer/);
      }
    }
    expect(Object.keys(GIVEAWAY).map(Number).every((n) => CHAPTERS[n - 1].question)).toBe(true);
  });
});
