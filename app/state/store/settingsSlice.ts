import type { StateCreator } from 'zustand';
import { DEFAULTS, type AppSettings } from '../settings/schema.ts';
import { pickSettings } from '../../../engine/settings-table.ts';
import { clampAppSettings } from '../settings/clamp.ts';

/** The eight settings (one field each, so components select exactly one) and their setters. */
export interface SettingsSlice extends AppSettings {
  /**
   * The stride and snapshot count last chosen, which the steps may have pulled down: dragging
   * the steps down to 2 and back up again returns to them.
   */
  wantedStride: number;
  wantedSnapshots: number;
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

/** The settings part of a state: the settings table's keys, picked. */
export function selectSettings(s: AppSettings): AppSettings {
  return pickSettings(s);
}

export const createSettingsSlice: StateCreator<SettingsSlice, [], [], SettingsSlice> = (set, get) => ({
  ...DEFAULTS,
  wantedStride: DEFAULTS.stride,
  wantedSnapshots: DEFAULTS.snapshots,
  setSetting: (key, value) => {
    const state = get();
    const next = { ...selectSettings(state), [key]: value };
    if (key === 'steps' && typeof value === 'number') {
      next.stride = Math.min(state.wantedStride, value);
      next.snapshots = Math.min(state.wantedSnapshots, value);
    }
    const settings = clampAppSettings(next).settings;
    set({
      ...settings,
      wantedStride: key === 'stride' ? settings.stride : state.wantedStride,
      wantedSnapshots: key === 'snapshots' ? settings.snapshots : state.wantedSnapshots,
    });
  },
  replaceSettings: (given) => {
    const settings = clampAppSettings(given).settings;
    set({ ...settings, wantedStride: settings.stride, wantedSnapshots: settings.snapshots });
  },
  resetSettings: () => set({ ...DEFAULTS, wantedStride: DEFAULTS.stride, wantedSnapshots: DEFAULTS.snapshots }),
});
