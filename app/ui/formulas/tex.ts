/**
 * Every formula on the page, in TeX, each set on a line of its own. They never change while the
 * page runs, so `npm run generate` typesets them once with KaTeX into ./typeset.ts and the page
 * ships HTML, not a typesetter: KaTeX was more than a third of the first script, and typesetting
 * the header took a third of the first render. A test fails when ./typeset.ts is out of date.
 */
export const FORMULAS = {
  /** The chain the lab differentiates. */
  chain: String.raw`x_{t+1} = \tanh(a_t x_t + b_t) + c\,\frac{x_t}{1 + x_t^2} + 0.025\,\sin\bigl(0.11\,(t+1)\,x_t\bigr)`,
  /** Its loss and its parameters. */
  loss: String.raw`L = \tfrac12\,(x_T - y)^2,\qquad \theta = (a_0, b_0, \dots, a_{T-1}, b_{T-1}),\; P = 2T`,
  /** The lesson's chain, written as one step map. */
  step: String.raw`x_{t+1} = \phi_t(x_t, a_t, b_t), \qquad L = \tfrac12 (x_T - y)^2`,
  /** Where the backward sweep starts. */
  seed: String.raw`\bar x_T = \frac{\partial L}{\partial x_T} = x_T - y`,
  /** One step of the backward sweep. */
  back: String.raw`\frac{\partial L}{\partial a_t} = \bar x_{t+1}\,\frac{\partial \phi_t}{\partial a_t},\quad \frac{\partial L}{\partial b_t} = \bar x_{t+1}\,\frac{\partial \phi_t}{\partial b_t},\quad \bar x_t = \bar x_{t+1}\,\frac{\partial \phi_t}{\partial x_t}`,
  /** The matrix product's two vector-Jacobian products. */
  matmul: String.raw`Y = XW:\quad \bar X = \bar Y\,W^{\mathsf T},\qquad \bar W = X^{\mathsf T}\,\bar Y`,
} as const satisfies Record<string, string>;

export type FormulaName = keyof typeof FORMULAS;

/** Where `npm run generate` writes the typeset formulas, from the repository's root. */
export const TYPESET_PATH = 'app/ui/formulas/typeset.ts';

/**
 * The text of ./typeset.ts: each formula as KaTeX renders it (HTML for the eye, MathML for a
 * screen reader). `render` is KaTeX's `renderToString`, passed in so the page never imports it.
 */
export function typesetSource(render: (tex: string, options: { displayMode: boolean; throwOnError: boolean; output: 'htmlAndMathml' }) => string): string {
  const lines = Object.entries(FORMULAS).map(([name, tex]) => {
    const html = render(tex, { displayMode: true, throwOnError: true, output: 'htmlAndMathml' });
    return `  ${name}: ${JSON.stringify(html)},`;
  });
  return [
    '// Written by `npm run generate` from ./tex.ts (KaTeX, typeset once): do not edit.',
    "import type { FormulaName } from './tex.ts';",
    '',
    'export const TYPESET: Record<FormulaName, string> = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}
