import type { ReactNode } from 'react';

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
