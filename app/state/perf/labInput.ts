import { sameSettings } from '../../../engine/settings-table.ts';
import { selectSettings, useLab } from '../store/index.ts';
import { noteSliderInput } from './dragging.ts';
import { updateTiming } from './updateTiming.ts';

/**
 * Applies one input to the store and marks it for input-to-paint timing (updateTiming.ts): the
 * settings after it are what its paint must show. A slider's input also marks a drag
 * (dragging.ts), so parts of the page far from the screen, and the sweep's follow-up run, wait
 * until the slider rests; a one-off choice (a typed number, a frontier point) is `discrete` and
 * does not.
 */
export function timedInput(apply: () => void, timeStamp: number, kind: 'slider' | 'discrete' = 'slider'): void {
  if (kind === 'slider') noteSliderInput();
  const before = selectSettings(useLab.getState());
  apply();
  const after = selectSettings(useLab.getState());
  updateTiming.input(after, !sameSettings(before, after), timeStamp);
}
