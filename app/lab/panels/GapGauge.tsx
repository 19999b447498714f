import { Fragment, memo } from 'react';
import { gaugeLayout } from '../../ui/charts/gauge.ts';
import { useSize } from '../../ui/charts/useSize.ts';
import { formatNumber } from '../../ui/format.ts';

const HEIGHT = 58;
const PAD = 12;

/** How far forward mode's gradient is from reverse mode's, on a log gauge with an "exact" zone. */
export const GapGauge = memo(function GapGauge({ value, notRun = false }: { value: number; notRun?: boolean }) {
  const [ref, { width }] = useSize<HTMLDivElement>({ width: 400, height: HEIGHT });
  const inner = Math.max(60, width - 2 * PAD);
  const g = gaugeLayout(value, inner);
  const verdict = notRun
    ? 'forward mode not run'
    : !Number.isFinite(value)
    ? '—'
    : value === 0
      ? '0: identical to the last bit'
      : value < 1e-10
        ? `${formatNumber(value)}: agree to rounding`
        : `${formatNumber(value)}: they disagree`;
  return (
    <div className="gauge">
      <div className="gauge-head">
        <span>max |forward − reverse| / max |reverse|</span>
        <output className="readout">{verdict}</output>
      </div>
      <div ref={ref} className="gauge-box">
      <svg width={width} height={HEIGHT} role="img" aria-label={`Forward against reverse: ${verdict}`}>
        <g transform={`translate(${PAD},8)`}>
          <rect className="gauge-exact" x={0} y={4} width={g.exactWidth} height={16} rx={3} />
          <text className="gauge-exact-label" x={g.exactWidth / 2} y={15.5} textAnchor="middle">
            0
          </text>
          <text className="gauge-eps-label" x={g.exactWidth / 2} y={36} textAnchor="middle">
            exact
          </text>
          <line className="gauge-track" x1={g.exactWidth + 8} x2={inner} y1={12} y2={12} />
          <line className="gauge-eps" x1={g.epsilonX} x2={g.epsilonX} y1={4} y2={22} />
          <text className="gauge-eps-label" x={g.epsilonX} y={36} textAnchor="middle">
            ε = 2⁻⁵²
          </text>
          {g.ticks.map((t) => (
            <Fragment key={t.value}>
              <line className="tick" x1={t.offset} x2={t.offset} y1={18} y2={22} />
              <text x={t.offset} y={36} textAnchor="middle">
                {t.label}
              </text>
            </Fragment>
          ))}
          {Number.isFinite(value) ? (
            <path className="gauge-marker" d={`M${g.markerX},11 l-6,-10 h12 z`} />
          ) : null}
        </g>
      </svg>
      </div>
    </div>
  );
});
