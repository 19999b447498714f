import { sameSettings } from '../../engine/settings-table.ts';
import { selectSettings, useLab } from '../store/index.ts';
import { noteSliderInput } from './dragging.ts';
import { updateTiming } from './updateTiming.ts';

/**
 * Applies one slider input to the store and marks it for input-to-paint timing (updateTiming.ts):
 * the settings after it are what its paint must show. It also marks a drag (dragging.ts), so parts
 * of the page far from the screen wait until the slider rests.
 */
export function timedInput(apply: () => void, timeStamp: number): void {
  noteSliderInput();
  const before = selectSettings(useLab.getState());
  apply();
  const after = selectSettings(useLab.getState());
  updateTiming.input(after, !sameSettings(before, after), timeStamp);
}
