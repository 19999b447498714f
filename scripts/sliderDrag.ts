/**
 * How the speed scripts drag the lab's sliders (bench-ui.ts times them, trace-ui.ts traces them):
 * the same sliders over the same stretches, with the same real mouse moves, so the two scripts'
 * figures describe the same inputs.
 */
import type { Page } from 'playwright-core';
import { sliderRange } from '../app/state/settings/schema.ts';

/** Mouse moves per drag, and the pause between them (one frame). */
export const INPUTS = 60;
export const INTERVAL_MS = 16;

export interface SliderCase {
  /** A short name for tables ("epsilon", "x0"). */
  key: string;
  /** The slider's accessible name. */
  label: string;
  /** The range dragged over, as fractions of the track (0 = min, 1 = max). */
  from: number;
  to: number;
  /** Behind the "Chain constants" disclosure, opened first. */
  constants?: boolean;
}

/** The sliders, each over its whole range; the steps slider over the stretch around the steps tested. */
export function sliderCases(steps: number): SliderCase[] {
  const { min, max } = sliderRange('steps', 0);
  const at = (t: number) => (t - min) / (max - min);
  return [
    { key: 'epsilon', label: 'Finite-difference epsilon', from: 0, to: 1 },
    { key: 'steps', label: 'Chain steps', from: at(Math.max(min, steps - 30)), to: at(Math.min(max, steps + 30)) },
    { key: 'stride', label: 'Checkpoint stride', from: 0, to: 1 },
    { key: 'c', label: 'c', from: 0, to: 1, constants: true },
    { key: 'x0', label: 'x₀', from: 0, to: 1, constants: true },
    { key: 'y', label: 'target y', from: 0, to: 1, constants: true },
  ];
}

/** A slider in view (its disclosure opened), the page's timing marks cleared; its track's box. */
export async function sliderBox(page: Page, slider: SliderCase): Promise<{ x: number; y: number; width: number; height: number }> {
  if (slider.constants) {
    await page.evaluate(() => {
      const more = document.querySelector('details.more') as HTMLDetailsElement | null;
      if (more) more.open = true;
    });
  }
  const input = page.getByLabel(slider.label, { exact: true });
  await input.scrollIntoViewIfNeeded();
  const box = await input.boundingBox();
  if (!box) throw new Error(`no slider "${slider.label}"`);
  await page.evaluate(() => {
    performance.clearMeasures('lab:update');
    performance.clearMarks('lab:input');
  });
  return box;
}

/** Drags the thumb over the slider's stretch: INPUTS real mouse moves, INTERVAL_MS apart. */
export async function dragThumb(page: Page, box: { x: number; y: number; width: number; height: number }, slider: SliderCase): Promise<void> {
  // The thumb's centre runs from half a thumb inside one end to half a thumb inside the other.
  const thumb = 8;
  const x = (f: number) => box.x + thumb + f * (box.width - 2 * thumb);
  const y = box.y + box.height / 2;
  await page.mouse.move(x(slider.from), y);
  await page.mouse.down();
  for (let i = 1; i <= INPUTS; i++) {
    await page.mouse.move(x(slider.from + ((slider.to - slider.from) * i) / INPUTS), y);
    await page.waitForTimeout(INTERVAL_MS);
  }
  await page.mouse.up();
}
