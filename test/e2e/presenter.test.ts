import type { Locator, Page } from 'playwright-core';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CHAPTER_COUNT, chapterNumber, slugAt, type ChapterSlug } from '../../app/lesson/chapters/order.ts';
import { chapterShown } from './lessonKit.ts';
import { sharedBrowser } from './harness.ts';
import { wait } from './patience.ts';

const env = sharedBrowser();

/** Waits until chapter n's article is on screen with its figure drawn. */
async function onChapter(page: Page, chapter: number | ChapterSlug): Promise<void> {
  const n = typeof chapter === 'number' ? chapter : chapterNumber(chapter);
  // The page writes a chapter by its slug; a link may have named it by its number.
  const want = { slug: slugAt(n) ?? '', n: String(n) };
  await page.waitForFunction(({ slug, n }) => [slug, n].includes(/lesson=([^&]*)/.exec(window.location.hash)?.[1] ?? ''), want).catch(async (error: unknown) => {
    // Where the page was, and what had focus (a key the page did not take for a slide went to it).
    const where = await page.evaluate(() => {
      const el = document.activeElement;
      return `${window.location.hash}; focus on ${el?.tagName ?? 'nothing'}${el?.getAttribute('role') ? ` (${el.getAttribute('role')})` : ''}: ${el?.textContent?.slice(0, 40) ?? ''}`;
    });
    throw new Error(`chapter ${n} never came; the page is at ${where}`, { cause: error });
  });
  await page.waitForFunction(() => {
    const figure = document.querySelector('.lesson-figure');
    return figure !== null && !figure.querySelector('.figure-waiting') && figure.querySelector('svg, table') !== null;
  });
}

/**
 * Counts what the given control does from now on: each value it takes (a slider) or each press (a
 * button), so a test can tell that a key meant for the slides never reached it. The count lives on
 * the window, so it can be read after the chapter that held the control has gone.
 */
async function watchControl(control: Locator): Promise<void> {
  await control.evaluate((el) => {
    const w = window as unknown as { touched: number };
    w.touched = 0;
    for (const type of ['input', 'change', 'click']) el.addEventListener(type, () => (w.touched += 1));
  });
}

const touched = (page: Page) => page.evaluate(() => (window as unknown as { touched: number }).touched);

describe('the presenter’s clicker', () => {
  it('turns the slide after a choice, a slider, a button or the figure was clicked, and leaves them as they were', async () => {
    const { page, watch } = await env.page({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${env.served.url}#lesson=sweep&present=1`);
    await onChapter(page, 'sweep');

    // A choice of the question, clicked in front of the class: the clicker still turns the page.
    const choice = page.getByRole('radio').first();
    await choice.click();
    await expect.poll(() => choice.getAttribute('aria-checked')).toBe('true');
    await watchControl(page.getByRole('radio').nth(1));
    await page.keyboard.press('PageDown');
    await onChapter(page, 'fan-out');
    expect(await chapterShown(page)).toBe(3);
    expect(await touched(page), 'PageDown reached the choices').toBe(0);

    // The slider of chapter 4: clicked, then PageDown and PageUp are the slides', not the slider's.
    await page.keyboard.press('PageDown');
    await onChapter(page, 'transpose');
    const slider = page.locator('article input[type="range"]').first();
    const value = await slider.inputValue();
    await slider.click();
    await watchControl(slider);
    await page.keyboard.press('PageUp');
    await onChapter(page, 'fan-out');
    expect(await touched(page), 'PageUp reached the slider').toBe(0);
    await page.keyboard.press('PageDown');
    await onChapter(page, 'transpose');
    // The chapter came back with its figure at its start (a chapter's figure is mounted afresh),
    // and no key moved the slider on the way (where the click put it depends on the figure's width).
    expect(await page.locator('article input[type="range"]').first().inputValue()).toBe(value);

    // A button (chapter 2's "Next event"): clicked once, then Space turns the slide instead of
    // pressing it again; the arrow keys too.
    await page.keyboard.press('ArrowLeft');
    await onChapter(page, 'fan-out');
    await page.keyboard.press('ArrowLeft');
    await onChapter(page, 'sweep');
    const next = page.getByRole('button', { name: 'Next event' });
    // It waits for the question's answer ("Answer first"), given here.
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: '1', exact: true }).click();
    await next.click();
    await watchControl(next);
    await page.waitForFunction(() => document.activeElement === document.body || document.activeElement === null, null, { polling: 100 });
    await page.keyboard.press(' ');
    await onChapter(page, 'fan-out');
    expect(await touched(page), 'Space pressed the button again').toBe(0);
    await page.keyboard.press('ArrowLeft');
    await onChapter(page, 'sweep');

    // The figure itself, clicked: PageDown still turns the slide.
    await page.locator('.lesson-figure').first().click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('PageDown');
    await onChapter(page, 'fan-out');

    // Two presses in a row, the second before the page has drawn the first one's chapter (a
    // clicker pressed twice on a busy machine): two slides. Both are sent in one task, so the
    // second surely comes first.
    const twice = (key: string) =>
      page.evaluate((k) => {
        for (let i = 0; i < 2; i++) document.body.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
      }, key);
    await twice('PageDown');
    await onChapter(page, 'one-sweep');
    await twice('PageUp');
    await onChapter(page, 'fan-out');

    // B blanks the screen and any key brings it back.
    await page.keyboard.press('b');
    await page.locator('.present-blank').waitFor();
    await page.keyboard.press('b');
    await page.locator('.present-blank').waitFor({ state: 'detached' });
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('meets a newcomer with what to try first, and keeps the stuck settings bar within 80 px at 1366 × 768', async () => {
    const { page, watch } = await env.page({ viewport: { width: 1366, height: 768 } });
    await page.goto(env.served.url);
    await expect.poll(() => page.locator('.start-here').textContent()).toContain('Start with the lesson');
    await expect.poll(() => page.getByRole('link', { name: 'Start the lesson' }).isVisible()).toBe(true);
    const bar = page.getByRole('region', { name: 'Lab settings' });
    const unstuck = (await bar.boundingBox())!.height;
    await page.mouse.move(683, 600);
    await page.mouse.wheel(0, 1200);
    await page.waitForFunction(() => document.querySelector('.controls')!.getBoundingClientRect().top === 0);
    await expect.poll(async () => (await bar.boundingBox())!.height).toBeLessThanOrEqual(80);
    // Every slider is still in the stuck bar, with its value beside it.
    for (const name of ['Finite-difference epsilon', 'Chain steps', 'Checkpoint stride']) {
      expect(await bar.getByRole('slider', { name }).isVisible(), name).toBe(true);
    }
    expect(unstuck, 'the bar in place keeps its hints').toBeGreaterThan(80);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('never blanks the page when the lesson or a chapter cannot load, and Retry works once the network is back', async () => {
    for (const [hash, chunk, n] of [
      ['#lesson=tensors', /\/assets\/chapter-tensors-[^/]*\.js$/, 'tensors'],
      ['#lesson=fan-out', /\/assets\/LessonPage-[^/]*\.js$/, 'fan-out'],
    ] as const) {
      const { page } = await env.page({ viewport: { width: 1366, height: 768 } });
      let blocked = true;
      await page.route(chunk, (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
      await page.goto(`${env.served.url}${hash}`);
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.textContent(), { timeout: wait(60_000) }).toMatch(/could not load; the network may be off/);
      expect(await page.locator('#root').evaluate((el) => el.textContent?.trim().length ?? 0)).toBeGreaterThan(0);
      blocked = false;
      await alert.getByRole('button', { name: 'Retry' }).click();
      await onChapter(page, n);
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.close();
    }
  });

  it('ends on a closing chapter whose links land on the lab’s sections, scrolled into view', async () => {
    const { page, watch } = await env.page({ viewport: { width: 1366, height: 768 } });
    const sections = [
      ['The tape explorer', 'The tape'],
      ['Your own expression', 'Your own expression'],
      ['What frameworks hide', 'What frameworks hide'],
      ['From scalars to tensors', 'From scalars to tensors'],
    ] as const;
    for (const [link, heading] of sections) {
      await page.goto(`${env.served.url}#lesson=${CHAPTER_COUNT}`);
      await onChapter(page, CHAPTER_COUNT);
      // The figure is computed: three counted works, reverse mode's the smallest.
      const works = await page.locator('.summary-table tbody td:nth-child(2)').allTextContents();
      expect(works).toHaveLength(3);
      await page.getByRole('link', { name: link, exact: true }).click();
      const title = page.getByRole('heading', { level: 2, name: heading, exact: true });
      await title.waitFor();
      // Landed: the section's title at the top of the screen, and the hash no longer says go=.
      await page.waitForFunction((name) => {
        const h = [...document.querySelectorAll('section > h2')].find((el) => el.textContent?.trim() === name);
        const top = h?.getBoundingClientRect().top ?? -1;
        return top >= 0 && top < 160;
      }, heading);
      await page.waitForFunction(() => !window.location.hash.includes('go='));
      if (link === 'The tape explorer') {
        // The tape explorer's own: the playground below has one too, once it has come near the screen.
        const pitfall = page.locator('section.tape-panel').getByRole('checkbox', { name: /Pitfall/ });
        await expect.poll(() => pitfall.isChecked(), { timeout: wait(60_000) }).toBe(true);
      }
    }
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('shows every chapter as a card on O and at #lesson=0, and jumps to the one picked', async () => {
    const { page, watch } = await env.page({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${env.served.url}#lesson=fan-out&present=1`);
    await onChapter(page, 'fan-out');
    await page.keyboard.press('o');
    await page.waitForFunction(() => window.location.hash === '#lesson=0&present=1');
    const cards = page.locator('.overview-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(CHAPTER_COUNT);
    expect(await page.locator('.overview-card[aria-current]').textContent()).toMatch(new RegExp(`^${chapterNumber('fan-out')}\\D`));
    // O again goes back to the chapter it came from.
    await page.keyboard.press('o');
    await onChapter(page, 'fan-out');
    await page.keyboard.press('o');
    await page.getByRole('link', { name: new RegExp(`^${chapterNumber('tape-price')}\\s*The tape is the price`) }).click();
    await onChapter(page, 'tape-price');
    expect(await page.evaluate(() => window.location.hash)).toBe('#lesson=tape-price&present=1');
    // A link to the overview is not junk: no notice, the cards, out of presentation mode too.
    await page.goto(`${env.served.url}#lesson=0`);
    await cards.first().waitFor();
    expect(await page.locator('.lesson-notice, .notice').count()).toBe(0);
    expect(await page.evaluate(() => window.location.hash)).toBe('#lesson=0');
    // A chapter that is not a number, presented: chapter 1, and a notice over the slide says why.
    await page.goto(`${env.served.url}#lesson=abc&present=1`);
    await onChapter(page, 1);
    const notice = page.locator('.present .lesson-notice');
    await notice.getByText('Lesson: “abc” is neither a chapter’s number nor its name, so chapter 1 is shown.').waitFor();
    expect(await page.evaluate(() => window.location.hash)).toBe('#lesson=chain&present=1');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('opens speaker notes with N that follow the slides both ways, with a timer, and resets a figure', async () => {
    const { page, watch } = await env.page({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${env.served.url}#lesson=fan-out&present=1`);
    await onChapter(page, 'fan-out');
    const [notes] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('n')]);
    await notes.waitForFunction((want) => window.location.hash === want, '#lesson=fan-out&notes=1');
    const heading = notes.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toContain('A value read twice');
    expect(await notes.getByRole('heading', { name: 'Ask the room' }).isVisible()).toBe(true);
    expect(await notes.getByRole('heading', { name: 'Wrong answers to expect' }).isVisible()).toBe(true);
    expect(await notes.locator('.notes-next').textContent()).toContain('4. A chain, and its transpose');
    // The presenter moves: the notes follow.
    await page.bringToFront();
    await page.keyboard.press('PageDown');
    await onChapter(page, 'transpose');
    await expect.poll(() => heading.textContent()).toContain('A chain, and its transpose');
    // The notes move: the presenter follows.
    await notes.getByRole('button', { name: 'Next →' }).click();
    await onChapter(page, 'one-sweep');
    await notes.getByRole('button', { name: '← Previous' }).click();
    await onChapter(page, 'transpose');
    // The timer runs, pauses and resets.
    const time = notes.locator('.talk-time');
    await expect.poll(() => time.textContent(), { timeout: wait(30_000) }).not.toBe('0:00');
    await notes.getByRole('button', { name: 'Pause' }).click();
    const paused = await time.textContent();
    await notes.getByRole('button', { name: 'Resume' }).waitFor();
    expect(await time.textContent()).toBe(paused);
    await notes.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect.poll(() => time.textContent()).toBe('0:00');
    // A target length and this chapter's minutes, set by the lecturer: the pace follows them.
    const pace = notes.locator('.talk-pace');
    await notes.getByLabel('Talk length').fill('26');
    await expect.poll(() => pace.textContent()).toMatch(/^Plan: this chapter 6:00–8:00 of 26:00\. /);
    await notes.getByLabel('This chapter').fill('5');
    await expect.poll(() => pace.textContent()).toMatch(/^Plan: this chapter 5:15–10:15 of 26:00\. /);
    // The presenter opens the overview: the notes follow it, and a chapter picked there.
    await page.bringToFront();
    await page.keyboard.press('o');
    await expect.poll(() => heading.textContent()).toBe(`Overview: ${CHAPTER_COUNT} chapters`);
    await page.keyboard.press('o');
    await onChapter(page, 'transpose');
    await expect.poll(() => heading.textContent()).toContain('A chain, and its transpose');
    // Reset the figure, from the notes window and from the slide: the slider goes back to its default.
    const slider = page.locator('article input[type="range"]').first();
    const start = await slider.inputValue();
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => slider.inputValue()).not.toBe(start);
    await notes.getByRole('button', { name: 'Reset the figure on the slide' }).click();
    await expect.poll(() => page.locator('article input[type="range"]').first().inputValue()).toBe(start);
    await page.locator('article input[type="range"]').first().focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('article input[type="range"]').first().inputValue()).not.toBe(start);
    await page.getByRole('button', { name: 'Reset this figure' }).click();
    await expect.poll(() => page.locator('article input[type="range"]').first().inputValue()).toBe(start);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('talks only between the presenter and its notes: two lesson tabs and two chapters embedded in a course page each stay where they were put', async () => {
    const { page: a, watch } = await env.page();
    await a.goto(`${env.served.url}#lesson=fan-out`);
    await onChapter(a, 'fan-out');
    const { page: b } = await env.page();
    await b.goto(`${env.served.url}#lesson=transpose`);
    await onChapter(b, 'transpose');
    // A course page embedding two chapters, from another origin, as a teacher's page would.
    const html = `<!doctype html><title>Course</title><iframe title="one" src="${env.served.url}#lesson=chain&embed=1" width="700" height="500"></iframe><iframe title="two" src="${env.served.url}#lesson=sweep&embed=1" width="700" height="500"></iframe>`;
    const course = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => course.listen(0, '127.0.0.1', resolve));
    const { page: c } = await env.page();
    await c.goto(`http://127.0.0.1:${(course.address() as AddressInfo).port}/`);
    const frames = () => c.frames().filter((f) => f !== c.mainFrame());
    await expect.poll(() => frames().length).toBe(2);
    for (const frame of frames()) await frame.locator('.chapter-figure').first().waitFor({ timeout: wait(60_000) });
    // Tab a moves twice (light chapters: the test is about the talk, not the figures); then a marker on the same channel, which b hears once everything before it has arrived.
    await b.evaluate(() => {
      const heard: unknown[] = [];
      (window as unknown as { heard: unknown[] }).heard = heard;
      new BroadcastChannel('tape-lab-talk').onmessage = (event) => heard.push(event.data);
    });
    await a.evaluate(() => (window.location.hash = '#lesson=chain'));
    await onChapter(a, 'chain');
    await a.evaluate(() => (window.location.hash = '#lesson=sweep'));
    await onChapter(a, 'sweep');
    await a.evaluate(() => new BroadcastChannel('tape-lab-talk').postMessage({ kind: 'marker', chapter: 0 }));
    await b.waitForFunction(() => (window as unknown as { heard: { kind: string }[] }).heard.some((m) => m.kind === 'marker'));
    // Nothing but the marker was said, and nobody moved.
    expect(await b.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([{ kind: 'marker', chapter: 0 }]);
    expect(await b.evaluate(() => window.location.hash)).toBe('#lesson=transpose');
    expect(await Promise.all(frames().map((f) => f.evaluate(() => window.location.hash)))).toEqual(['#lesson=chain&embed=1', '#lesson=sweep&embed=1']);
    course.close();
    expect(watch.errors).toEqual([]);
  });

  it('draws chapter 9’s network layers and both tapes’ node counts over hidden units, counted by the worker', async () => {
    const { page, watch } = await env.page({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${env.served.url}#lesson=tensors&present=1`);
    await onChapter(page, 'tensors');
    const diagram = page.locator('svg.layer-diagram');
    await diagram.waitFor();
    expect(await diagram.getAttribute('aria-label')).toContain('16 hidden units');
    expect(await diagram.locator('circle').count()).toBe(2 + 16 + 2);
    const chart = page.locator('.tensor-chart svg');
    await chart.waitFor();
    // Both axes are logarithmic, marked so the back row can read them: the hidden units offered,
    // and every decade of the node counts (before the answer, up to 100 only).
    const labels = (axis: string) => chart.locator(`.axis-${axis} > text:not(.axis-title)`).allTextContents();
    await expect.poll(() => labels('bottom')).toEqual(['4', '8', '16', '32']);
    await expect.poll(() => labels('left')).toEqual(['1', '10', '100']);
    // Before the answer only the tensor tape is drawn; after it, the scalar tape too.
    await page.getByRole('radio', { name: 'About 3,000 times' }).click();
    await expect.poll(() => chart.locator('.s-fd').count()).toBeGreaterThan(0);
    expect(await labels('left')).toEqual(['1', '10', '100', '1k', '10k', '100k']);
    await page.getByRole('radio', { name: '32' }).click();
    await expect.poll(() => diagram.locator('circle').count()).toBe(2 + 32 + 2);
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
