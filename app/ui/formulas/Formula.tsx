import type { FormulaName } from './tex.ts';
import { TYPESET } from './typeset.ts';

/** One of the page's formulas, on a line of its own, typeset at generate time (see ./tex.ts). */
export function Formula({ name, className }: { name: FormulaName; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: TYPESET[name] }} />;
}
