import katex from 'katex';
import { useMemo } from 'react';

interface MathProps {
  /** TeX source. */
  tex: string;
  /** Display (block) style instead of inline. */
  display?: boolean;
  className?: string;
}

/**
 * Every formula on the page goes through here: KaTeX renders to a string once per `tex`, and a
 * malformed formula shows in red instead of throwing.
 */
export function Math({ tex, display = false, className }: MathProps) {
  const html = useMemo(
    () => katex.renderToString(tex, { displayMode: display, throwOnError: false, output: 'htmlAndMathml' }),
    [tex, display],
  );
  const Tag = display ? 'div' : 'span';
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
