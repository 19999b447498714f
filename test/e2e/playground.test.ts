import { describe, expect, it } from 'vitest';
import { steady } from './helpers.ts';
import { field, hashOf, PLAYGROUND, row, scrollTo, showing, startKit } from './playgroundKit.ts';

const kit = startKit();
const { open, openPlayground } = kit;

describe('the expression playground in Chromium', () => {
  it('starts on the card’s example and its gradient three ways, with its tape; the header’s button goes there', async () => {
    const { page, watch } = await open();
    expect(await page.locator(`${PLAYGROUND} .grad-table`).count()).toBe(0);
    await page.getByRole('button', { name: 'Go to the playground' }).click();
    await page.locator(`${PLAYGROUND} .grad-table`).waitFor();
    // The scroll to the section has come to rest.
    await steady(page, () => document.querySelector('section.playground-panel h2')?.getBoundingClientRect().top, 8);
    const top = await page.locator(`${PLAYGROUND} h2`).evaluate((el) => el.getBoundingClientRect().top);
    const controls = await page.locator('.controls').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(top).toBeGreaterThan(controls);
    expect(top).toBeLessThan(controls + 80);
    expect(await field(page).inputValue()).toBe('x*y + sin(x^2) - ln(y)');
    // ∂z/∂x = y + 2x·cos(x²) = 4 + cos(0.25); ∂z/∂y = x − 1/y = 0.25.
    const x = await row(page, 'x');
    expect(x.slice(0, 3)).toEqual(['0.5', '4.96891242171', '4.96891242171']);
    expect(x[2 + 1]).toMatch(/^4\.968912421\d\d$/);
    expect((await row(page, 'y')).slice(1, 3)).toEqual(['0.25', '0.25']);
    expect(await page.locator(`${PLAYGROUND} .tape-graph .g-node`).count()).toBe(8);
    expect(await hashOf(page)).not.toContain('expr=');
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('typing a valid expression updates the gradients, the controls, the tape and the hash', async () => {
    const { page, watch } = await openPlayground();
    await field(page).fill('x*x + x*w');
    await showing(page, 'x*x + x*w');
    // At x = 0.5 and a new w = 1: ∂/∂x = 2x + w = 2, ∂/∂w = x = 0.5.
    expect((await row(page, 'x')).slice(0, 3)).toEqual(['0.5', '2', '2']);
    expect((await row(page, 'w')).slice(0, 3)).toEqual(['1', '0.5', '0.5']);
    await expect(page.locator(PLAYGROUND).getByLabel('w', { exact: true }).inputValue()).resolves.toBe('1');
    await page.waitForFunction((sel) => document.querySelectorAll(`${sel} .tape-graph .g-node`).length === 5, PLAYGROUND);
    expect(await page.locator(`${PLAYGROUND} .tape-table tbody tr`).count()).toBe(5);
    await page.waitForFunction(() => window.location.hash.includes('&expr=x*x%20+%20x*w&at=x:0.5,w:1'));
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('an invalid expression names its column while the last good result stays on screen', async () => {
    const { page, watch } = await openPlayground();
    await field(page).fill('sin(x))');
    const error = page.locator(`${PLAYGROUND} .expr-error`);
    await error.waitFor();
    expect(await error.textContent()).toContain("Unexpected ')' at column 7.");
    expect(await field(page).getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`${PLAYGROUND} .source-echo .caret`).textContent()).toBe('      ^ column 7');
    // The last good result: still the card's example.
    expect(await page.locator(`${PLAYGROUND} .pg-value code`).textContent()).toBe('x*y + sin(x^2) - ln(y)');
    expect((await row(page, 'x'))[1]).toBe('4.96891242171');
    await expect(page.locator(`${PLAYGROUND} .pg-stale`).textContent()).resolves.toMatch(/last expression that parsed/);
    // The error is read out (a polite live region) and can be found in the field.
    expect(await page.locator(`${PLAYGROUND} .expr-status`).getAttribute('aria-live')).toBe('polite');
    await page.locator(PLAYGROUND).getByRole('button', { name: 'Show it in the field' }).click();
    expect(await field(page).evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd, document.activeElement === el])).toEqual([6, 7, true]);
    await field(page).fill('sin(x)');
    await showing(page, 'sin(x)');
    expect(await page.locator(`${PLAYGROUND} .expr-error`).count()).toBe(0);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('loads each preset, with its note, its warnings in plain words and the node they come from', async () => {
    const { page, watch } = await openPlayground();
    const presets = page.locator(`${PLAYGROUND} .presets`);
    const cases: [string, string, RegExp | null][] = [
      ['Fan-out', 'x*x + x', null],
      ['A tied weight used twice', 'tanh(w*tanh(w*x))', null],
      ['relu at 0', 'relu(x)', /relu'\(0\) is taken as 0/],
      ['|x| at 0', 'abs(x)', /\|x\|'\(0\) is taken as 0/],
      ['sqrt at 0 (a norm)', 'sqrt(x^2 + y^2)', /sqrt'\(0\) is infinite/],
      ['ln at 0', 'ln(x)', /ln\(0\) is -Infinity: the logarithm needs a positive argument/],
      ['Division by zero', '1/x', /divides by zero/],
    ];
    for (const [title, expression, warning] of cases) {
      await presets.getByRole('button', { name: title, exact: true }).click();
      await showing(page, expression);
      expect(await field(page).inputValue()).toBe(expression);
      expect(await presets.getByRole('button', { name: title, exact: true }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.locator(`${PLAYGROUND} .preset-note h3`).textContent()).toBe(title);
      const warnings = await page.locator(`${PLAYGROUND} .expr-warning`).allTextContents();
      if (warning) expect(warnings.join(' ')).toMatch(warning);
      else expect(warnings).toEqual([]);
    }
    // Fan-out: the overwriting sweep keeps one contribution of three.
    await presets.getByRole('button', { name: 'Fan-out', exact: true }).click();
    await showing(page, 'x*x + x');
    const fan = await row(page, 'x');
    expect(fan.slice(0, 2)).toEqual(['3', '7']);
    expect(fan[7]).not.toBe('7');
    // A warning's button picks its node on the tape.
    await presets.getByRole('button', { name: 'ln at 0', exact: true }).click();
    await showing(page, 'ln(x)');
    expect((await row(page, 'x'))[1]).toBe('∞');
    await page.locator(PLAYGROUND).getByRole('button', { name: 'Show node 1 on the tape' }).click();
    await page.locator(`${PLAYGROUND} .node-card`).waitFor();
    expect(await page.locator(`${PLAYGROUND} .node-card h3`).textContent()).toContain('Node 1');
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('the expression round-trips in the URL hash, and a link brings the playground into view', async () => {
    const { page, watch } = await open('#expr=x*y%2Bsin(x*x)&at=x:0.5,y:4');
    await page.locator(`${PLAYGROUND} .grad-table`).waitFor();
    await showing(page, 'x*y+sin(x*x)');
    const top = await page.locator(PLAYGROUND).evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(-1);
    expect(top).toBeLessThan(768);
    expect((await row(page, 'x')).slice(0, 2)).toEqual(['0.5', '4.96891242171']);
    // Values by the number field and by the keyboard on it.
    const y = page.locator(PLAYGROUND).getByLabel('y', { exact: true });
    await y.fill('2');
    await page.waitForFunction(() => window.location.hash.includes('at=x:0.5,y:2'));
    await page.locator(PLAYGROUND).getByLabel('x', { exact: true }).press('ArrowUp');
    await page.waitForFunction(() => window.location.hash.includes('at=x:0.51,y:2'));
    // The slider is a labelled range input, moved by the keyboard too.
    await page.locator(PLAYGROUND).getByLabel('y (slider)').press('ArrowRight');
    await page.waitForFunction(() => window.location.hash.includes('at=x:0.51,y:2.01'));
    const hash = await hashOf(page);
    expect(hash).toBe('#steps=40&eps=1e-5&stride=4&schedule=periodic&snapshots=3&c=0.35&x0=0.4&target=0.25&expr=x*y+sin(x*x)&at=x:0.51,y:2.01');
    await page.goto(`${kit.url()}${hash}`);
    await page.reload();
    await showing(page, 'x*y+sin(x*x)');
    expect((await row(page, 'y'))[0]).toBe('2.01');
    expect(await hashOf(page)).toBe(hash);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('junk in the link gives a notice, never a blank page', async () => {
    for (const hash of ['#expr=%ZZ&at=x:abc', `#expr=${'x+'.repeat(1000)}x`, '#at=x:1', '#expr=2*(x&at=x:1e999,__proto__:1,a:<script>']) {
      const { page, watch } = await open(hash);
      expect(await page.locator('.notice.corrected').textContent(), hash).toMatch(/Expression|Values/);
      await scrollTo(page, PLAYGROUND);
      await page.locator(`${PLAYGROUND} .grad-table`).waitFor();
      expect(watch.errors).toEqual([]);
      await page.close();
    }
    // A linked expression that does not parse: its error and column, beside the card's example.
    const { page } = await open('#expr=sin(x))&at=x:2');
    await page.locator(`${PLAYGROUND} .expr-error`).waitFor();
    expect(await page.locator(`${PLAYGROUND} .expr-error`).textContent()).toContain('column 7');
    await page.locator(`${PLAYGROUND} .grad-table`).waitFor();
    expect(await page.locator(`${PLAYGROUND} .pg-value code`).textContent()).toBe('x*y + sin(x^2) - ln(y)');
    await page.close();
  });
  it('pastes a program from the gallery: published numbers beside computed ones, nodes named by the program, the traces, and Practice on this', async () => {
    const { page, watch } = await openPlayground();
    await page.locator(PLAYGROUND).getByRole('button', { name: 'micrograd: the README example' }).click();
    const note = page.locator(`${PLAYGROUND} .published-table`);
    await note.waitFor();
    // 24.7041, 138.8338 and 645.5773, as the README prints them, each beside the tape's number.
    const cells = await note.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
    expect(cells.map((c) => [c[1], c[3]])).toEqual([
      ['24.7041', 'yes'],
      ['138.8338', 'yes'],
      ['645.5773', 'yes'],
    ]);
    expect(await page.locator(`${PLAYGROUND} .pg-value code`).textContent()).toBe('g′');
    expect(await page.locator(`${PLAYGROUND} .expr-notes`).textContent()).toMatch(/line 16 \(\.backward\(\)/);
    // The traces: one primal row per node, and the adjoint trace ends at ∂g/∂b.
    const trace = page.locator(`${PLAYGROUND} .pg-trace`);
    expect(await trace.locator('.trace-table').count()).toBe(3);
    expect(await trace.locator('.trace-result').textContent()).toMatch(/∂y\/∂b = 645\.577259475/);
    // Too big to practise on; colah's example is not.
    expect(await page.locator(`${PLAYGROUND} .pg-practice`).textContent()).toMatch(/records 29 nodes/);
    await page.locator(PLAYGROUND).getByRole('button', { name: 'colah: e = (a + b)·(b + 1)' }).click();
    const practice = page.locator(`${PLAYGROUND} .pg-practice a`);
    await practice.waitFor();
    await practice.click();
    await page.getByRole('heading', { name: 'Adjoints: your program' }).waitFor();
    await page.getByLabel('adjoint of v4').waitFor();
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});

