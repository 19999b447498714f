import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../app/shell/App.tsx';
import { useLab } from '../../app/state/store/index.ts';
import { labReport } from './fixture.ts';

afterEach(() => useLab.setState(useLab.getInitialState(), true));

function render(setup: () => void): string {
  useLab.setState(useLab.getInitialState(), true);
  setup();
  return renderToStaticMarkup(<App />);
}

/** The markup of the section headed `title`. */
function section(html: string, title: string): string {
  const start = html.indexOf(`${title}</h2>`);
  expect(start, `no panel headed ${title}`).toBeGreaterThan(0);
  return html.slice(html.lastIndexOf('<section', start), html.indexOf('</section>', start));
}

describe('charts say what they could not draw, and why the numbers look as they do', () => {
  it('non-finite sweep points, adjoints and tangents are counted in a note on their chart', () => {
    const html = render(() => {
      const report = labReport();
      for (const i of [0, 1, 2]) report.sweep[i].rms = NaN;
      report.adjoint[3] = Infinity;
      report.gradient.reverse.a[5] = NaN;
      report.tangents![7] = NaN;
      useLab.getState().receiveReport(report, 1);
    });
    expect(section(html, 'Finite differences')).toContain('3 points not finite, not drawn');
    expect(section(html, 'Reverse mode')).toContain('2 points not finite, not drawn');
    expect(section(html, 'Forward mode')).toContain('1 entry not finite, shown in red');
    // Screen readers hear it too: the note is part of the chart's accessible name.
    expect(section(html, 'Finite differences')).toMatch(/role="img" aria-label="[^"]*\. 3 points not finite, not drawn"/);
    expect(section(html, 'Reverse mode')).toMatch(/aria-label="[^"]*\. 2 points not finite, not drawn"/);
  });

  it('a finite report carries no such note', () => {
    const html = render(() => useLab.getState().receiveReport(labReport(), 1));
    expect(html).not.toContain('not finite');
  });

  it('at the smallest epsilon the sweep chart explains that rounding dominates', () => {
    const html = render(() => useLab.getState().receiveReport(labReport({ eps: 1e-16 }), 1));
    expect(section(html, 'Finite differences')).toMatch(/in doubles θ ± h is off by up to \d+% of h: rounding dominates/);
  });

  it('at the largest epsilon it says truncation dominates', () => {
    const html = render(() => useLab.getState().receiveReport(labReport({ eps: 1 }), 1));
    expect(section(html, 'Finite differences')).toContain('h far above the best h: truncation dominates');
  });
});

describe('embed mode, rendered', () => {
  it('shows only the chosen panels, the controls they need, and no header chrome', () => {
    const html = render(() => {
      useLab.getState().receiveReport(labReport(), 1);
      useLab.getState().setEmbed({ panels: ['work'] });
    });
    expect(html.match(/<h2 /g)).toHaveLength(1);
    expect(section(html, 'Work')).toContain('<svg');
    expect(html).not.toContain('class="masthead"');
    expect(html).not.toContain('class="summary"');
    expect(html).not.toContain('Finite-difference epsilon');
    expect(html).toContain('Chain steps');
    expect(html).toContain('Checkpoint schedule');
    expect(html).toContain('Open the full lab');
  });
});
