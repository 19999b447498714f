import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../app/state/settings/schema.ts';
import { selectSettings, useLab } from '../../app/state/store/index.ts';
import { labReport } from './fixture.ts';

beforeEach(() => useLab.setState(useLab.getInitialState(), true));

describe('the store', () => {
  it('starts at the defaults with no report', () => {
    const s = useLab.getState();
    expect(selectSettings(s)).toEqual(DEFAULTS);
    expect(s.report).toBeNull();
    expect(s.notices).toEqual([]);
  });

  it('clamps a setting set from a control, and lowering the steps pulls the stride down', () => {
    const { setSetting } = useLab.getState();
    setSetting('steps', 500_000);
    expect(useLab.getState().steps).toBe(100_000);
    setSetting('stride', 150);
    setSetting('snapshots', 120);
    setSetting('steps', 12);
    expect(useLab.getState().stride).toBe(12);
    expect(useLab.getState().snapshots).toBe(12);
    setSetting('eps', 0);
    expect(useLab.getState().eps).toBe(1e-16);
  });

  it('returns to the chosen stride when the steps come back up', () => {
    const { setSetting } = useLab.getState();
    setSetting('stride', 6);
    setSetting('steps', 3);
    expect(useLab.getState().stride).toBe(3);
    setSetting('steps', 50);
    expect(useLab.getState().stride).toBe(6);
    expect(useLab.getState().snapshots).toBe(3);
  });

  it('resets to the defaults, and getInitialState restores a fresh store', () => {
    useLab.getState().setSetting('c', 1.2);
    useLab.getState().resetSettings();
    expect(selectSettings(useLab.getState())).toEqual(DEFAULTS);
    useLab.getState().showNotices(['x']);
    useLab.setState(useLab.getInitialState(), true);
    expect(useLab.getState().notices).toEqual([]);
  });

  it('paints the latest report only: an older id never replaces a newer one', () => {
    const older = labReport({ steps: 10, stride: 2 }, { sweep: false, workCurve: false, frontier: false });
    const newer = labReport({ steps: 12, stride: 2 }, { sweep: false, workCurve: false, frontier: false });
    const { receiveReport } = useLab.getState();
    expect(receiveReport(newer, 5)).toBe(true);
    expect(receiveReport(older, 4)).toBe(false);
    expect(useLab.getState().report?.steps).toBe(12);
    expect(receiveReport(older, 6)).toBe(true);
    expect(useLab.getState().report?.steps).toBe(10);
  });

  it('clears a failure when the next report arrives', () => {
    useLab.getState().setFailure('the engine said no');
    useLab.getState().receiveReport(labReport({ steps: 4, stride: 2 }, { sweep: false }), 1);
    expect(useLab.getState().failure).toBeNull();
  });
});
