/** A number as a learner reads it back, or why it could not be read. */
export type Reading = { value: number; error: null } | { value: null; error: string | null };

/** "0.25", "−0.25", "+0.25", "0,25", "1.2e-3", ".5": one plain number, or null. */
function plain(text: string): number | null {
  let t = text.replace(/[\u2212\u2012\u2013\u2014]/g, '-').replace(/^\+/, '');
  // A decimal comma ("6,267"), as many learners write it: one comma and no point.
  if (/^-?\d*,\d+$/.test(t)) t = t.replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return null;
  const x = Number(t);
  return Number.isFinite(x) ? x : null;
}

/**
 * A typed answer as a learner writes it: a number with a point or a decimal comma ("6,267"), a
 * leading "+" or a true minus ("−0.5"), an exponent ("1.2e-3"), a simple fraction ("1/1.703") or a
 * product of numbers ("2.8 × −0.69", "2.8*0.5"). Empty text is no answer (error null); anything
 * else that cannot be read says so, in words, with what to write instead.
 */
export function readNumber(text: string): Reading {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t === '') return { value: null, error: null };
  const single = plain(t.replace(/ /g, ''));
  if (single !== null) return { value: single, error: null };
  // A product of numbers, then at most one division: "a × b / c".
  const [top, bottom, ...more] = t.split('/');
  if (more.length === 0) {
    const factors = top.split(/[*×·]/).map((f) => plain(f.replace(/ /g, '')));
    const divisor = bottom === undefined ? 1 : plain(bottom.replace(/ /g, ''));
    if (factors.every((f) => f !== null) && divisor !== null) {
      if (divisor === 0) return { value: null, error: `“${t}” divides by 0: write a number such as 0.25.` };
      const value = (factors as number[]).reduce((a, b) => a * b, 1) / divisor;
      if (Number.isFinite(value)) return { value, error: null };
    }
  }
  return { value: null, error: `“${t}” is not a number I can read: write a number such as 0.25, −1.5, 1/4 or 2.8 × 0.5.` };
}

/** A typed number, or null when the text is empty or cannot be read. */
export function readAnswer(text: string): number | null {
  return readNumber(text).value;
}

/** "x = 0.5, y = −2". */
export function pointText(at: Record<string, number>): string {
  return Object.entries(at)
    .map(([k, v]) => `${k} = ${String(v).replace(/^-/, '\u2212')}`)
    .join(', ');
}
