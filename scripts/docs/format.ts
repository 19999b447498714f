/** Number formats the docs use, so a figure reads the same in every doc. */

/** 2.4e-16, 7.0e-10: two significant digits in exponent form. */
export function sci(x: number): string {
  return x.toExponential(1).replace('e+', 'e');
}

/** 1e-5, 2e-6: a step h as the lab writes it (shortest exact form). */
export function step(x: number): string {
  const [m, e] = x.toExponential().split('e');
  return `${m}e${Number(e)}`;
}

/** 1,400,005: a count with thousands separators. */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** Bytes in KiB or MiB with one decimal (1024-based). */
export function bytes(n: number): string {
  if (n < 1024) return `${count(n)} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

/** At most `digits` decimals, trailing zeros dropped: 2.9, 5.25, 0.397. */
export function fixed(x: number, digits = 3): string {
  return String(Number(x.toFixed(digits)));
}

/** A Markdown table. */
export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A command shown as a code block (indented four spaces). */
export function shown(...lines: string[]): string {
  return lines.map((l) => `    ${l}`).join('\n');
}

/** x₃₀: a subscript as the prose writes it. */
export function sub(n: number): string {
  return String(n).replace(/\d/g, (d) => '₀₁₂₃₄₅₆₇₈₉'[Number(d)]);
}

/** Prose wrapped at `width` characters, as the docs are written. */
export function wrap(text: string, width = 96): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}
