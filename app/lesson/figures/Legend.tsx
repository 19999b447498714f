/** A legend for a lesson chart: a swatch in the series' colour and its name. */
export function Legend({ items }: { items: readonly (readonly [className: string, label: string])[] }) {
  return (
    <ul className="lesson-legend">
      {items.map(([className, label]) => (
        <li key={className}>
          <span className={`swatch-line ${className}`} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}
