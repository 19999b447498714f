import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../app/shell/App.tsx';
import { useLab } from '../../app/state/store/index.ts';
import { labReport } from './fixture.ts';

let html = '';

beforeAll(() => {
  useLab.setState(useLab.getInitialState(), true);
  useLab.getState().receiveReport(labReport(), 1);
  html = renderToStaticMarkup(<App />);
});

afterAll(() => {
  useLab.setState(useLab.getInitialState(), true);
});

/** The markup of the section headed `title`. */
function section(title: string): string {
  const start = html.indexOf(`${title}</h2>`);
  expect(start, `no panel headed ${title}`).toBeGreaterThan(0);
  const open = html.lastIndexOf('<section', start);
  const close = html.indexOf('</section>', start);
  return html.slice(open, close);
}

describe('the page, rendered from a real report', () => {
  it.each([
    ['Reverse mode', /<path class="mark-reverse-line" d="M[\d.]/],
    ['Forward mode', /<foreignObject [^>]*class="heat-frame"[^>]*><canvas class="heat" width="41" height="80"/],
    ['Finite differences', /<path class="mark-fd-line" d="M[\d.]/],
    ['Checkpoint schedule', /<path class="move-reverse" d="M[\d.]/],
    ['Work', /<path class="mark-fd-line" d="M[\d.]/],
  ])(
    'draws the %s panel: a section with its heading, a caption and a chart with marks',
    (title, mark) => {
      const s = section(title);
      expect(s).toMatch(/<h2 id="[^"]+">/);
      expect(s).toMatch(/<p class="caption">.{60,}?<\/p>/s);
      // A chart is one named image, or a named group (an image and the controls drawn on it).
      expect(s).toMatch(/<svg class="chart"[^>]*role="(img|group)"[^>]*aria-label="[^"]{10,}"/);
      expect(s).toMatch(mark);
      expect(s).toMatch(/class="axis-title"/);
    },
  );

  it('draws each feature’s section from the registry, in the order of their places: the tape under the settings, the rest below', () => {
    const titles = ['The tape', 'Your own expression', 'From scalars to tensors', 'What frameworks hide', 'Bugs you will meet'];
    const at = titles.map((title) => html.indexOf(`${title}</h2>`));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // The tape is inside the chain's area, after the panels; the others below it, before the footer.
    const start = html.indexOf('<div class="chain-area">');
    let depth = 0;
    let end = -1;
    for (const tag of html.slice(start).matchAll(/<(\/?)div\b/g)) {
      depth += tag[1] ? -1 : 1;
      if (depth === 0) {
        end = start + (tag.index ?? 0);
        break;
      }
    }
    expect(html.indexOf('<main class="panels">')).toBeGreaterThan(start);
    expect(html.indexOf('<main class="panels">')).toBeLessThan(at[0]);
    expect(at[0]).toBeLessThan(end);
    expect(at[1]).toBeGreaterThan(end);
    expect(html.indexOf('<footer')).toBeGreaterThan(at[4]);
  });

  it('labels the sliders exactly as the design says', () => {
    for (const label of ['Finite-difference epsilon', 'Chain steps', 'Checkpoint stride']) {
      expect(html).toMatch(new RegExp(`<label for="[^"]+">${label}</label>`));
    }
    expect(html).toContain('Chain constants: c, x₀, target');
    expect(html).toContain('Reset to defaults');
    expect(html).toContain('Copy link');
  });

  it('prints the audit figures from the report', () => {
    const summary = html.slice(html.indexOf('class="summary"'), html.indexOf('<main'));
    const work = [...summary.slice(0, summary.indexOf("Forward vs reverse")).matchAll(/<div class="stat-value m-[a-z]+">([^<]*)<\/div><div class="stat-note">([^<]*)</g)];
    expect(work.map((m) => `${m[2]} ${m[1]}`)).toEqual(['reverse 2', 'forward 81', 'finite diff. 161', 'checkpointed 2.9']);
    expect(summary).toContain('41 → 14');
    expect(summary).toContain('at h = 1e-5');
  });

  it('renders the chain and the loss through KaTeX', () => {
    expect(html).toContain('class="katex-display"');
    expect(html).not.toContain('katex-error');
  });
});
