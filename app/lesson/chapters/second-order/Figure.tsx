import { useState } from 'react';
import type { HvpFigure } from '../../../../engine/bugs/request.ts';
import type { ExprSecondOrder } from '../../../../engine/second-order/expr-check.ts';
import { bugsEngine } from '../../../../workers/bugs/host.ts';
import { exprEngine } from '../../../../workers/playground/host.ts';
import { formatBytes, formatEps, formatNumber, formatWork } from '../../../ui/format.ts';
import { ChapterFrame } from '../../ChapterFrame.tsx';
import { useLessonView } from '../../context.ts';
import { lessonSettings } from '../../engine.ts';
import { CARD } from '../../exprTape.ts';
import { FigureStatus } from '../../FigureStatus.tsx';
import { FigureSlider } from '../../figures/FigureSlider.tsx';
import { Legend } from '../../figures/Legend.tsx';
import { LessonChart } from '../../figures/LessonChart.tsx';
import { labHashOf } from '../../labLink.ts';
import { useAnswer } from '../../../ui/teach/useAnswer.ts';
import { ANGLE_STEP, directionAt } from './direction.ts';
import '../bugs/bugs.css';

const STEPS = 40;
/**
 * The second-order chapter: second derivatives on the same tape. The chapter's expression, with its full
 * Hessian and H·v along a direction the reader turns, both by forward over reverse in the
 * playground's worker; and H·v on the 40-step chain from the bugs worker, against central
 * differences of its gradient, with its counted cost beside one gradient's.
 */
export default function Chapter12() {
  const { route } = useLessonView();
  const [angle, setAngle] = useState(0);
  // The question asks for H·v's passes: the counted line waits for the answer.
  const [revealed, setRevealed] = useState(false);
  const v = directionAt(angle);
  const expr = useAnswer(`hvp ${CARD.source} ${angle}`, () => exprEngine.secondOrder({ source: CARD.source, at: { ...CARD.values }, direction: v }));
  const chain = lessonSettings({ steps: STEPS });
  const request = { steps: STEPS, c: chain.c, x0: chain.x0, target: chain.target, detachStep: STEPS - 10, direction: 'ones' as const };
  const figures = useAnswer(`bugs ${STEPS} ${STEPS - 10}`, () => bugsEngine.chain(request));
  const hvp = figures.value?.hvp;
  return (
    <ChapterFrame
      labHash={labHashOf({ steps: STEPS })}
      onAnswer={() => setRevealed(true)}
      live={
        hvp
          ? { hvpWork: formatWork(hvp.workUnits), gradWork: formatWork(hvp.gradientWorkUnits), dualBytes: formatBytes(hvp.tapeBytes), plainBytes: formatBytes(hvp.gradientTapeBytes) }
          : {}
      }
      figure={
        <figure className="lesson-figure ch12-figure">
          <div className="ch12-parts">
            <div className="ch12-part" data-figure="expression">
              <h3>z = x·y + sin(x²) − ln y at x = 1.5, y = 4</h3>
              <FigureSlider
                label={`Direction v at ${angle}°`}
                min={0}
                max={180 / ANGLE_STEP}
                value={angle / ANGLE_STEP}
                valueText={`v at ${angle} degrees: (${formatNumber(v.x, 3)}, ${formatNumber(v.y, 3)})`}
                onChange={(i) => setAngle(i * ANGLE_STEP)}
              />
              {expr.value ? <ExpressionPart r={expr.value} /> : <FigureStatus answer={expr} waiting="Sweeping the expression on dual numbers…" />}
            </div>
            <div className="ch12-part" data-figure="chain">
              {hvp ? <ChainPart hvp={hvp} height={route.present ? 220 : 200} revealed={revealed} /> : <FigureStatus answer={figures} waiting="Running H·v on the chain…" />}
            </div>
          </div>
        </figure>
      }
    />
  );
}

/** The full Hessian, and H·v three ways: one dual sweep, the Hessian times v, central differences of the gradient. */
function ExpressionPart({ r }: { r: ExprSecondOrder }) {
  const [x, y] = r.variables;
  const n = (u: number) => formatNumber(u, 4);
  const rows: readonly (readonly [string, string, readonly number[]])[] = [
    ['v', 'v', [r.hvp.direction[x], r.hvp.direction[y]]],
    ['H·v, one dual sweep', 'hvp', [r.hvp.hvp[x], r.hvp.hvp[y]]],
    ['Hessian × v', 'product', r.product],
    ['central differences', 'fd', [r.hvp.finiteDifference[x], r.hvp.finiteDifference[y]]],
  ];
  return (
    <>
      <div className="ch12-tables">
      <table className="lesson-table ch12-hessian" data-table="hessian">
        <caption>The Hessian H, one dual sweep a column</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">row</span>
            </th>
            <th scope="col">∂/∂x</th>
            <th scope="col">∂/∂y</th>
          </tr>
        </thead>
        <tbody>
          {r.hessian.map((row, i) => (
            <tr key={i}>
              <th scope="row">∂z/∂{r.variables[i]}</th>
              {row.map((h, j) => (
                <td key={j} data-value={h}>
                  {n(h)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <table className="lesson-table ch12-hvp" data-table="hvp">
        <thead>
          <tr>
            <th scope="col">along v</th>
            <th scope="col">x</th>
            <th scope="col">y</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, key, values]) => (
            <tr key={key} data-row={key}>
              <th scope="row">{label}</th>
              {values.map((u, j) => (
                <td key={j} data-value={u}>
                  {n(u)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      <p className="figure-readout" data-readout="curvature">
        Curvature along v: vᵀHv = {formatNumber(r.curvature, 4)}
        {r.curvature < 0 ? ', the slope falls along v' : ', the slope rises along v'}. At 0° and 90°, H·v is a column of H.
      </p>
    </>
  );
}

/** H·v on the chain: the dual sweep's lines, central differences of the gradient as dots, and the counted cost. */
function ChainPart({ hvp, height, revealed }: { hvp: HvpFigure; height: number; revealed: boolean }) {
  const points = (xs: Float64Array) => Array.from(xs, (u, t) => [t, u] as const);
  const all = [...hvp.hvp.a, ...hvp.hvp.b, ...hvp.finiteDifference.a, ...hvp.finiteDifference.b].filter(Number.isFinite);
  const lo = Math.min(0, ...all);
  const hi = Math.max(0, ...all);
  const pad = (hi - lo) * 0.06 || 1;
  return (
    <>
      <h3>The 40-step chain’s loss, v = (1, 1, …, 1)</h3>
      <LessonChart
        title={`H·v at each aₜ and bₜ of the ${hvp.hvp.a.length} steps by one dual sweep (lines), and by central differences of the gradient (dots); they differ by at most ${formatNumber(hvp.maxRelative, 2)} of the largest entry.`}
        x={{ kind: 'linear', domain: [0, hvp.hvp.a.length - 1], label: 'step t' }}
        y={{ kind: 'linear', domain: [lo - pad, hi + pad], label: 'H·v' }}
        series={[
          { id: 'hvp-a', points: points(hvp.hvp.a), className: 's-reverse' },
          { id: 'hvp-b', points: points(hvp.hvp.b), className: 's-right-b' },
          { id: 'fd-a', points: points(hvp.finiteDifference.a), className: 's-fd', dots: true, line: false },
          { id: 'fd-b', points: points(hvp.finiteDifference.b), className: 's-fd', dots: true, line: false },
        ]}
        height={height}
      />
      <Legend
        items={[
          ['s-reverse', 'H·v at aₜ'],
          ['s-right-b', 'at bₜ'],
          ['s-fd', 'dots: differences of ∇L'],
        ]}
      />
      <p className="figure-readout" data-readout="hvp-check" data-max-relative={hvp.maxRelative}>
        {hvp.resolved
          ? `They differ by at most ${formatNumber(hvp.maxRelative, 2)} of the largest entry (h = ${formatEps(hvp.h)}).`
          : `H·v is below what central differences resolve at h = ${formatEps(hvp.h)} (about ${formatNumber(hvp.resolution, 2)}): they cannot check it here.`}
      </p>
      <p className="figure-readout" data-readout="hvp-cost" data-hvp-work={hvp.workUnits} data-gradient-work={hvp.gradientWorkUnits}>
        {revealed ? (
          <>
            Counted: H·v {formatWork(hvp.workUnits)} passes, one gradient {formatWork(hvp.gradientWorkUnits)}; tape {formatBytes(hvp.tapeBytes)} against{' '}
            {formatBytes(hvp.gradientTapeBytes)}.
          </>
        ) : (
          'Counted passes: answer the question to see them.'
        )}
      </p>
    </>
  );
}
