import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHAPTERS } from '../../app/lesson/chapters/table.ts';
import type { ChapterSlug } from '../../app/lesson/chapters/order.ts';
import { sharedBrowser } from './harness.ts';
import { steady } from './helpers.ts';

const env = sharedBrowser();

/** Opens a chapter by its slug at 1366 × 768 and follows its "Open this in the lab" link, as a reader would. */
async function followLabLink(slug: ChapterSlug): Promise<{ page: Page; errors: string[]; href: string }> {
  const { page, watch } = await env.page({ viewport: { width: 1366, height: 768 } });
  await page.goto(`${env.served.url}#lesson=${slug}`);
  const title = CHAPTERS.find((r) => r.slug === slug)!.title;
  await page.waitForFunction((title) => document.querySelector('article h2')?.textContent?.includes(title), title);
  const link = page.getByRole('link', { name: 'Open this in the lab' });
  const href = (await link.getAttribute('href'))!;
  await link.click();
  return { page, errors: watch.errors, href };
}

/** Waits until the section's heading has come to rest, and says where it is against the settings bar and the window. */
async function restingHeading(page: Page, section: string): Promise<{ top: number; below: number; height: number }> {
  const heading = `${section} h2`;
  await page.locator(heading).waitFor();
  await steady(page, () => [window.scrollY, document.querySelector('main')?.getBoundingClientRect().height], 8);
  return page.evaluate((sel) => {
    const controls = document.querySelector('.controls')!.getBoundingClientRect();
    // The settings bar covers the top of the window only while it is stuck there.
    const below = controls.top <= 0 && controls.bottom > 0 ? controls.bottom : 0;
    return { top: document.querySelector(sel)!.getBoundingClientRect().top, below, height: window.innerHeight };
  }, heading);
}

describe('the lesson’s way into the lab', () => {
  it('chain lands on “Your own expression” with the chapter’s expression loaded, in view', async () => {
    const { page, errors, href } = await followLabLink('chain');
    expect(href).toContain('go=playground');
    const section = 'section.playground-panel';
    const field = page.locator(section).getByLabel('Expression', { exact: true });
    await field.waitFor();
    expect(await field.inputValue()).toBe('x*y + sin(x^2) - ln(y)');
    await page.waitForFunction(() => document.querySelector('section.playground-panel .pg-value code')?.textContent === 'x*y + sin(x^2) - ln(y)');
    const at = await restingHeading(page, section);
    expect(at.top).toBeGreaterThanOrEqual(at.below);
    expect(at.top).toBeLessThan(at.height / 4);
    expect(await page.locator(section).getByLabel('x', { exact: true }).first().inputValue()).toBe('1.5');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fan-out lands on the tape explorer with the pitfall (the overwriting sweep) on, in view below the settings bar', async () => {
    const { page, errors, href } = await followLabLink('fan-out');
    expect(href).toContain('go=pitfall');
    expect(href).not.toContain('expr=');
    const section = 'section.tape-panel';
    const pitfall = page.locator(section).getByRole('checkbox', { name: /^Pitfall/ });
    await pitfall.waitFor();
    expect(await pitfall.isChecked()).toBe(true);
    const at = await restingHeading(page, section);
    expect(at.below).toBeGreaterThan(0);
    expect(at.top).toBeGreaterThanOrEqual(at.below);
    expect(at.top).toBeLessThan(at.height / 4);
    expect(errors).toEqual([]);
    await page.close();
  });
});
