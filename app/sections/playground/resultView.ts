import type { Span } from '../../../engine/expr/ast.ts';
import type { PlaygroundResult } from '../../../engine/expr/playground.ts';
import type { ExpressionPreset } from '../../../engine/expr/presets.ts';
import type { ShownView } from '../../ui/tape/model.ts';

const MINUS = '\u2212';

/** Node names longer than this are cut with an ellipsis in the graph (the table's title keeps them whole). */
export const TAG_LENGTH = 12;

/** 'x*y + sin(x^2)' → 'x*y + sin(x^…' beyond `max` characters. */
export function shortLabel(label: string, max = TAG_LENGTH): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

/**
 * The expression's tape as the tape components draw it: every node named by the source text it
 * computes ('sin(x^2)'), cut short to fit above its box.
 */
export function shownTapeOf(result: PlaygroundResult): ShownView {
  return { ...result.tape, name: result.labels.map((label) => shortLabel(label)) };
}

/**
 * A gradient component as the table prints it: 12 significant digits (enough to see where
 * central differences part from the tape), the minus sign, and NaN and ∞ spelled out.
 */
export function gradientText(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return '∞';
  if (x === -Infinity) return `${MINUS}∞`;
  if (x === 0) return '0';
  const ax = Math.abs(x);
  const text = ax >= 1e-4 && ax < 1e9 ? String(Number(x.toPrecision(12))) : x.toExponential(11).replace(/\.?0+e/, 'e').replace('e+', 'e');
  return text.replace(/^-/, MINUS);
}

/** A relative difference: '0' when identical, '3.5e-12', 'NaN' when only one side is a number. */
export function differenceText(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === 0) return '0';
  if (!Number.isFinite(x)) return '∞';
  return x.toExponential(1).replace('e+', 'e').replace('e-', `e${MINUS}`);
}

/** How close a method came to reverse mode, for its colour: equal, within 1e-6 (a good gradient check), or not. */
export function agreement(difference: number): 'same' | 'close' | 'far' {
  if (difference === 0) return 'same';
  return difference <= 1e-6 ? 'close' : 'far';
}

/** A variable's value as its number field shows it: the shortest text that reads back as the same double. */
export function valueText(x: number): string {
  return Number.isFinite(x) ? String(x) : '';
}

/** The source split around one span, for highlighting it: [before, inside, after]. An empty span marks one place. */
export function splitAt(source: string, span: Span): [string, string, string] {
  const start = Math.max(0, Math.min(source.length, span.start));
  const end = Math.max(start, Math.min(source.length, span.end));
  return [source.slice(0, start), source.slice(start, end), source.slice(end)];
}

/** The preset the playground shows exactly (same text, same values), if any. */
export function matchingPreset(
  presets: readonly ExpressionPreset[],
  source: string,
  values: Readonly<Record<string, number>>,
): ExpressionPreset | null {
  return (
    presets.find(
      (p) => p.expression === source && Object.keys(p.at).every((name) => Object.hasOwn(values, name) && Object.is(values[name], p.at[name])),
    ) ?? null
  );
}

/**
 * The range of a variable's slider: ±5 for values up to 5, else the next power of ten, so the
 * value always sits on the slider and a drag moves it by about 1/1000 of the range.
 */
export function sliderRange(value: number): { min: number; max: number; step: number } {
  const a = Math.abs(value);
  const max = a <= 5 ? 5 : 10 ** Math.ceil(Math.log10(a));
  return { min: -max, max, step: max / 500 };
}

/** One sentence for screen readers: the value and each component of the reverse-mode gradient. */
export function resultSentence(result: PlaygroundResult): string {
  const parts = result.rows.map((r) => `∂f/∂${r.name} = ${gradientText(r.reverse)}`);
  const warn = result.warnings.length > 0 ? ` ${result.warnings.length} ${result.warnings.length === 1 ? 'warning' : 'warnings'}.` : '';
  return `f = ${gradientText(result.value)}; ${parts.join(', ')}.${warn}`;
}
