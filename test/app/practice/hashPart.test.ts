import { describe, expect, it } from 'vitest';
import { readPracticePlace, writePracticePlace } from '../../../app/practice/hashPart.ts';
import { readHash } from '../../../app/state/url/hash.ts';
import { parsePracticeHash, practiceHash, problemKey, startPractice } from '../../../app/practice/wire.ts';
import { useLab } from '../../../app/state/store/index.ts';

describe('the practice hash part', () => {
  it('reads #practice=KIND&level=L&seed=N and writes it back', () => {
    const { values, notices } = readHash('#practice=rule&level=3&seed=42');
    expect(values.practice).toEqual({ kind: 'rule', level: 3, seed: 42 });
    expect(notices).toEqual([]);
    expect(writePracticePlace(values.practice)).toBe('practice=rule&level=3&seed=42');
    expect(readHash('#steps=40').values.practice).toBeNull();
    expect(writePracticePlace(null)).toBe('');
  });

  it('reads and writes pose=1, presentation mode, and keeps which problem apart from it', () => {
    const { values, notices } = readHash('#practice=adjoints&seed=3&pose=1');
    expect(values.practice).toEqual({ kind: 'adjoints', level: 1, seed: 3, pose: true });
    expect(notices).toEqual([]);
    expect(practiceHash(values.practice!)).toBe('#practice=adjoints&level=1&seed=3&pose=1');
    expect(problemKey(values.practice!)).toBe(problemKey({ kind: 'adjoints', level: 1, seed: 3 }));
    expect(readHash('#practice=adjoints&seed=3&pose=0').values.practice).toEqual({ kind: 'adjoints', level: 1, seed: 3 });
    const bad = readPracticePlace({ practice: 'rule', pose: 'maybe' });
    expect(bad.value).toEqual({ kind: 'rule', level: 1, seed: 1 });
    expect(bad.notices).toEqual(['Pose: “maybe” is not 1 or 0, so it is off.']);
  });

  it('fills defaults: practice alone is adjoints, level 1, seed 1', () => {
    expect(parsePracticeHash('#practice')).toEqual({ place: { kind: 'adjoints', level: 1, seed: 1 }, notices: [] });
  });

  it('corrects what it cannot read, one notice each', () => {
    const { value, notices } = readPracticePlace({ practice: 'quiz', level: '9', seed: '-3' });
    expect(value).toEqual({ kind: 'adjoints', level: 1, seed: 1 });
    expect(notices).toEqual([
      'Practice: “quiz” is not a kind of problem (adjoints, rule, bug), so adjoints are shown.',
      'Practice: level “9” is not 1, 2, 3 or 4, so level 1 is shown.',
      'Practice: seed “-3” is not a whole number from 0 to 4294967295, so seed 1 is shown.',
    ]);
    expect(readPracticePlace({ practice: 'bug', seed: '4294967296' }).value).toEqual({ kind: 'bug', level: 1, seed: 1 });
  });

  it('names keys it does not read in a notice, and the link written back leaves them out', () => {
    expect(parsePracticeHash('#practice=adjoints&bogus=1')).toEqual({
      place: { kind: 'adjoints', level: 1, seed: 1 },
      notices: ['Practice ignored a setting it does not use: “bogus”.'],
    });
    // Another part's keys mean nothing to practice either; its own corrections come first.
    expect(parsePracticeHash('#practice=rule&level=9&steps=40&lesson=2&zz=1&a=1')!.notices).toEqual([
      'Practice: level “9” is not 1, 2, 3 or 4, so level 1 is shown.',
      'Practice ignored settings it does not use: “steps”, “lesson”, “zz” and 1 more.',
    ]);
    useLab.setState(useLab.getInitialState(), true);
    const host = {
      location: { hash: '#practice=adjoints&level=2&seed=3&bogus=1' },
      history: { replaceState: (_d: unknown, _u: string, url?: string) => void (host.location.hash = url ?? '') },
      addEventListener: () => {},
      removeEventListener: () => {},
    };
    const stop = startPractice(useLab, host);
    expect(host.location.hash).toBe('#practice=adjoints&level=2&seed=3');
    expect(useLab.getState().practice).toEqual({ kind: 'adjoints', level: 2, seed: 3 });
    expect(useLab.getState().practiceNotices).toEqual(['Practice ignored a setting it does not use: “bogus”.']);
    stop();
    useLab.setState(useLab.getInitialState(), true);
  });
});

describe('practice=adjoints&program=…', () => {
  it('reads a program and writes it back percent-encoded, as an adjoints problem', () => {
    const program = 'c = a + b\nd = b + 1\ne = c * d';
    const { value, notices } = readPracticePlace({ practice: 'adjoints', program });
    expect(notices).toEqual([]);
    expect(value).toMatchObject({ kind: 'adjoints', program });
    expect(writePracticePlace(value)).toBe(`practice=adjoints&program=${encodeURIComponent(program)}`);
  });

  it('poses a program as adjoints whatever the kind, and drops an empty or over-long one with a notice', () => {
    expect(readPracticePlace({ practice: 'rule', program: 'x*y' })).toMatchObject({ value: { kind: 'adjoints', program: 'x*y' }, notices: ['Practice: a program is posed as an adjoints problem.'] });
    expect(readPracticePlace({ practice: 'adjoints', program: '  ' }).value?.program).toBeUndefined();
    const long = readPracticePlace({ practice: 'adjoints', program: 'x+'.repeat(1001) });
    expect(long.value?.program).toBeUndefined();
    expect(long.notices[0]).toMatch(/more than 2000/);
  });
});
