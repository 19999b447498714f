/** Finding and replacing the generated blocks of a doc (scripts/docs/blocks.ts). */

const open = (name: string) => `<!-- figures: ${name} (npm run docs writes this part) -->`;
const close = (name: string) => `<!-- /figures: ${name} -->`;

/** The text of block `name` in `doc`, or null when the doc has no such block. */
export function blockText(doc: string, name: string): string | null {
  const start = doc.indexOf(open(name));
  const end = doc.indexOf(close(name));
  if (start < 0 || end < start) return null;
  return doc.slice(start + open(name).length, end).replace(/^\n/, '').replace(/\n$/, '');
}

/** `doc` with block `name`'s text replaced by `text` (the block must be there). */
export function withBlock(doc: string, name: string, text: string): string {
  const start = doc.indexOf(open(name));
  const end = doc.indexOf(close(name));
  if (start < 0 || end < start) throw new Error(`no block '${name}': add ${open(name)} … ${close(name)}`);
  return `${doc.slice(0, start)}${open(name)}\n${text}\n${doc.slice(end)}`;
}

/** The names of every block in `doc`. */
export function blockNames(doc: string): string[] {
  return [...doc.matchAll(/<!-- figures: ([\w-]+) /g)].map((m) => m[1]);
}
