import { encodeAt, encodeExpr } from '../state/url/labLinks.ts';
import { encodeHash } from '../state/url/hash.ts';
import { DEFAULTS, type AppSettings } from '../state/settings/schema.ts';

/** An expression at a point, as a chapter shows it. */
export interface LessonExpression {
  source: string;
  values: Readonly<Record<string, number>>;
}

/**
 * The lab's hash for what a chapter shows: its settings over the lab's defaults and, for the
 * chapters about one expression, that expression (always written, so the playground shows it
 * even where it is the playground's default). Where the link lands is the chapter row's
 * `labSection`, which ChapterFrame adds as `go=`.
 */
export function labHashOf(settings: Partial<AppSettings>, expression?: LessonExpression): string {
  const merged = { ...DEFAULTS, ...settings };
  merged.stride = Math.min(merged.stride, merged.steps);
  merged.snapshots = Math.min(merged.snapshots, merged.steps);
  const body = encodeHash(merged);
  if (!expression) return `#${body}`;
  const at = encodeAt(Object.keys(expression.values), expression.values);
  return `#${body}&expr=${encodeExpr(expression.source)}${at ? `&at=${at}` : ''}`;
}
