import type { StateCreator } from 'zustand';
import { DEFAULTS, type AppSettings } from '../settings/schema.ts';
import { validateSettings } from '../settings/validate.ts';
import type { LabState } from './types.ts';

/** The eight settings (one field each, so components select exactly one) and their setters. */
export interface SettingsSlice extends AppSettings {
  /**
   * Sets one setting from a control. The value is clamped into range, and lowering the steps
   * pulls the stride and snapshots down with it; controls never produce a notice.
   */
  setSetting: <K extends keyof AppSettings>(key: K, value: AppSettings[K]) => void;
  /** Replaces every setting at once (a decoded hash), already validated. */
  replaceSettings: (settings: AppSettings) => void;
  /** Back to the defaults. */
  resetSettings: () => void;
}

/** The settings part of a state, picked field by field. */
export function selectSettings(s: AppSettings): AppSettings {
  return {
    steps: s.steps,
    eps: s.eps,
    stride: s.stride,
    schedule: s.schedule,
    snapshots: s.snapshots,
    c: s.c,
    x0: s.x0,
    target: s.target,
  };
}

export const createSettingsSlice: StateCreator<LabState, [], [], SettingsSlice> = (set, get) => ({
  ...DEFAULTS,
  setSetting: (key, value) => {
    const next = { ...selectSettings(get()), [key]: value };
    if (key === 'steps' && typeof value === 'number') {
      next.stride = Math.min(next.stride, value);
      next.snapshots = Math.min(next.snapshots, value);
    }
    set(validateSettings(next).settings);
  },
  replaceSettings: (settings) => set(validateSettings(settings).settings),
  resetSettings: () => set({ ...DEFAULTS }),
});
