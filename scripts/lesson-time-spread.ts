// How far apart lesson chapters 5 and 9 read their measured times over reloads (issue 44): opens
// the built lesson (served by `npx vite preview`) in Chromium N times and prints each load's
// figures. Measured, never asserted; quote `uptime` beside it.
//   npx tsx scripts/lesson-time-spread.ts http://localhost:4173/ [N]
import { chromium } from 'playwright-core';
import { loadavg } from 'node:os';

const base = process.argv[2] ?? 'http://localhost:4173/';
const n = Number(process.argv[3] ?? 4);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
console.log(`load average at start: ${loadavg().map((x) => x.toFixed(2)).join(', ')}`);
for (const chapter of [5, 9]) {
  for (let i = 0; i < n; i++) {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(`${base}#lesson=${chapter}`);
    if (chapter === 5) {
      // The measured column of reverse mode's row is hidden until the answer: read the other two, and the caption.
      await page.waitForFunction(() => /≈|too noisy/.test(document.querySelector('tr[data-method="forward"] td:nth-child(3)')?.textContent ?? ''), undefined, { timeout: 120_000 });
      const rows = await page.locator('.lesson-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent).join(' | ')));
      const caption = await page.locator('.lesson-figure figcaption').textContent();
      console.log(`#lesson=5 load ${i + 1}: ${rows.join('; ')} — ${caption?.replace(/\s+/g, ' ').trim()}`);
    } else {
      await page.waitForFunction(() => [...document.querySelectorAll('.lesson-table tbody tr')].some((tr) => /time a step/.test(tr.textContent ?? '') && /×|too noisy/.test(tr.lastElementChild?.textContent ?? '')), undefined, { timeout: 120_000 });
      const row = await page.locator('.lesson-table tbody tr', { hasText: 'time a step' }).evaluate((tr) => [...tr.children].map((c) => c.textContent).join(' | '));
      const said = await page.locator('.lesson-figure .figure-readout').last().textContent();
      console.log(`#lesson=9 load ${i + 1}: ${row} — ${said}`);
    }
    await page.close();
  }
}
console.log(`load average at end: ${loadavg().map((x) => x.toFixed(2)).join(', ')}`);
await browser.close();
