import katex from 'katex';
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Formula } from '../../app/ui/formulas/Formula.tsx';
import { FORMULAS, TYPESET_PATH, typesetSource, type FormulaName } from '../../app/ui/formulas/tex.ts';
import { TYPESET } from '../../app/ui/formulas/typeset.ts';

describe('the page’s formulas, typeset once', () => {
  it('are up to date with their TeX (run `npm run generate` after changing a formula)', () => {
    const committed = readFileSync(new URL(`../../${TYPESET_PATH}`, import.meta.url), 'utf8');
    expect(committed).toBe(typesetSource(katex.renderToString));
  });

  it('each typesets without error, as a block, with MathML for screen readers', () => {
    for (const name of Object.keys(FORMULAS) as FormulaName[]) {
      const html = renderToStaticMarkup(<Formula name={name} />);
      expect(html).toMatch(/^<div><span class="katex-display">/);
      expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">');
      expect(html).not.toContain('katex-error');
      expect(TYPESET[name]).toContain(`<annotation encoding="application/x-tex">`);
    }
  });

  it('fails loudly on a formula KaTeX cannot read, rather than shipping it in red', () => {
    // A formula broken by a stray brace: the generator must stop, not write KaTeX's red error text.
    expect(() => typesetSource((tex, options) => katex.renderToString(`${tex}\\frac{`, options))).toThrow();
  });
});
