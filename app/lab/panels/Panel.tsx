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
  const linked = useLab((s) => s.sectionLinked[method]);
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

/** A row of labelled figures under a chart. */
export function Figures({ items }: { items: { label: ReactNode; value: ReactNode; className?: string }[] }) {
  return (
    <dl className="figures">
      {items.map((item, i) => (
        <div key={i} className={item.className}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A small legend: coloured marks and what they stand for. */
export function Legend({ items }: { items: { className: string; label: ReactNode; shape?: 'line' | 'dot' | 'ring' | 'dash' | 'dotted' | 'square' }[] }) {
  return (
    <ul className="legend">
      {items.map((item, i) => (
        <li key={i}>
          <svg width="18" height="10" aria-hidden="true">
            <LegendMark shape={item.shape ?? 'line'} className={item.className} />
          </svg>
          <span>{item.label}</span>
        </li>
      ))}
    </ul>
  );
}

function LegendMark({ shape, className }: { shape: string; className: string }) {
  switch (shape) {
    case 'dot':
      return <circle cx={9} cy={5} r={3.2} className={className} />;
    case 'ring':
      return <circle cx={9} cy={5} r={3.2} className={className} />;
    case 'square':
      return <rect x={5} y={1} width={8} height={8} className={className} />;
    case 'dash':
      return <line x1={1} x2={17} y1={5} y2={5} className={className} strokeDasharray="5 3" />;
    case 'dotted':
      return <line x1={1} x2={17} y1={5} y2={5} className={className} strokeDasharray="1.5 2.5" />;
    default:
      return <line x1={1} x2={17} y1={5} y2={5} className={className} />;
  }
}
