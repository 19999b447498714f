import { useId, useRef, type ReactNode } from 'react';
import { useScrollWhenLinked } from '../../shell/useScrollWhenLinked.ts';
import { useLab } from '../../state/store/index.ts';
import { ExportMenu } from '../export/ExportMenu.tsx';
import type { ExportItem } from '../export/items.ts';

export type Method = 'reverse' | 'forward' | 'fd' | 'checkpoint' | 'work';

interface PanelProps {
  title: string;
  /** One sentence: what to notice. */
  caption: ReactNode;
  /** The method whose colour marks the heading. */
  method: Method;
  children: ReactNode;
  className?: string;
  /** What the panel's Export menu offers (its charts as SVG and PNG, its data). */
  exports?: readonly ExportItem[];
}

/**
 * A panel: a section headed by its name, its charts, and a caption saying what to notice. A link
 * that says `go=` and the panel's method (`#…&go=fd`) brings it into view.
 */
export function Panel({ title, caption, method, children, className, exports }: PanelProps) {
  const id = useId();
  const section = useRef<HTMLElement>(null);
  const linked = useLab((s) => s.sectionLinked[method] ?? 0);
  useScrollWhenLinked(section, linked, `panel ${method}`);
  return (
    <section ref={section} className={`panel panel-${method}${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <div className="panel-head">
        <h2 id={id}>
          <span className={`swatch swatch-${method}`} aria-hidden="true" />
          {title}
        </h2>
        {exports && exports.length > 0 ? <ExportMenu panel={title} items={exports} section={section} /> : null}
      </div>
      <p className="caption">{caption}</p>
      {children}
    </section>
  );
}
