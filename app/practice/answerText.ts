/** A typed number: "−0.5", "-0.5", "1.2e-3", " 2 "; null for anything else, or nothing. */
export function readAnswer(text: string): number | null {
  const t = text.trim().replace(/^\u2212/, '-').replace(/^\+/, '');
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return null;
  const x = Number(t);
  return Number.isFinite(x) ? x : null;
}

/** "x = 0.5, y = −2". */
export function pointText(at: Record<string, number>): string {
  return Object.entries(at)
    .map(([k, v]) => `${k} = ${String(v).replace(/^-/, '\u2212')}`)
    .join(', ');
}
