import { FORMULAS, type FormulaName } from './tex.ts';
import { TYPESET } from './typeset.ts';

/** One of the page's formulas, typeset at build time (see ./tex.ts). */
export function Formula({ name, className }: { name: FormulaName; className?: string }) {
  const Tag = FORMULAS[name].display ? 'div' : 'span';
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: TYPESET[name] }} />;
}
