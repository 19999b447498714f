import { useState } from 'react';
import { formatBytes } from '../../../ui/format.ts';
import { encodeTradeoffs } from '../../../state/url/labLinks.ts';
import { LEVER_DEFAULTS } from '../../../../engine/tradeoffs/levers.ts';
import { EQUAL_TIME_PAIR_MS } from '../../../../engine/limits.ts';
import { tradeoffsEngine } from '../../../../workers/tradeoffs/host.ts';
import { Choices } from '../../Choices.tsx';
import { ChapterFrame } from '../../ChapterFrame.tsx';
import { useLessonView } from '../../context.ts';
import { lessonSettings } from '../../engine.ts';
import { FigureStatus } from '../../FigureStatus.tsx';
import { Legend } from '../../figures/Legend.tsx';
import { LessonChart } from '../../figures/LessonChart.tsx';
import { FigureSlider } from '../../figures/FigureSlider.tsx';
import { labHashOf } from '../../labLink.ts';
import { ShowMeButton } from '../../ShowMeButton.tsx';
import { useAnswer } from '../../../ui/teach/useAnswer.ts';
import { useShowMe } from '../../useShowMe.ts';
import { costSentences, readCost, type CostPoint, type CostReading } from './jacobianCost.ts';
import './hidden.css';

const STEPS = 40;
/** The windows the slider offers: K = 0 … T. */
const WINDOWS = Array.from({ length: STEPS + 1 }, (_, k) => k);
/** The outputs of the Jacobian the figures ask for (the cost chart measures M = 1 … T). */
const OUTPUTS = 5;
/** Its inputs: N = 1, x_0 alone, where forward mode (N + 1 = 2 passes) wins from M = 2. */
const INPUTS = 1;
/** The window the question names. */
const ASKED_K = 10;
/**
 * Milliseconds of timing per value of M. The worker times forward and reverse mode at 18 values
 * of M and the plain run in alternation, rounds of one batch each, and shows each one's median
 * ratio to the plain run times the plain run's µs, with its spread (engine/tradeoffs/timing.ts);
 * 40 ms a pair makes about 0.7 s of rounds, nine rounds at least.
 */
const TIMING_BUDGET_MS = EQUAL_TIME_PAIR_MS;
/** The fusion pair the same call times is not shown here: the least it accepts. */
const FUSION_BUDGET_MS = 1;
/** The cost chart's two measures: counted passes, or measured time. */
const METRICS = ['passes', 'time'] as const;

/**
 * The hidden chapter: what frameworks hide. Stopping the gradient, live; forward against reverse mode for
 * the Jacobian of the last M states over x₀ alone, counted and measured over M; fusing and
 * recomputing, counted.
 */
export default function Chapter10() {
  const { route } = useLessonView();
  const chain = lessonSettings({ steps: STEPS });
  const [windowK, setWindow] = useState(10);
  const [revealed, setRevealed] = useState(false);
  const [metric, setMetric] = useState(0);
  const request = { steps: STEPS, c: chain.c, x0: chain.x0, target: chain.target, window: windowK, outputs: OUTPUTS, inputs: INPUTS };
  const figures = useAnswer(`tradeoffs ${STEPS} ${windowK}`, () => tradeoffsEngine.figures(request));
  const timings = useAnswer(`jacobian times ${STEPS} ${INPUTS}`, () =>
    tradeoffsEngine.timings({ ...request, window: ASKED_K }, TIMING_BUDGET_MS, FUSION_BUDGET_MS),
  );
  const show = useShowMe(WINDOWS.length, (i) => (setWindow(WINDOWS[i]), setRevealed(true)), !figures.loading || figures.value !== null);
  const f = figures.value;
  // The error is exactly 0 once the window covers the whole chain: a log axis shows the others.
  const curve = f ? f.truncationCurve.filter((p) => p.relativeError > 0).map((p) => [p.window, p.relativeError] as const) : [];
  const errors = curve.map(([, e]) => e);
  // The window the figure was computed for: while the next one is on its way, the words quote the
  // figure on screen, not the slider's new K.
  const shownK = f?.window ?? windowK;
  const here = f?.truncationCurve[shownK]?.relativeError;
  // Steps before the window: their a_t and b_t gradients, and how many of them are exactly 0.
  const before = STEPS - shownK;
  const zeroed = f ? Array.from(f.truncation.gradient.a).filter((g, t) => t < before && g === 0 && f.truncation.gradient.b[t] === 0).length : 0;
  const height = route.present ? 296 : 230;
  const t = timings.value;
  const points = t && t.jacobian.length > 0 ? t.jacobian : null;
  const reading = points ? readCost(points) : null;
  const words = reading ? costSentences(reading) : null;
  return (
    <ChapterFrame
      labHash={`${labHashOf({ steps: STEPS })}&${encodeTradeoffs({ ...LEVER_DEFAULTS, window: windowK, outputs: OUTPUTS, inputs: INPUTS }, STEPS)}`}
      onAnswer={() => (setRevealed(true), setWindow(ASKED_K))}
      live={f ? { window: String(shownK), before: String(before), zeroed: String(zeroed) } : {}}
      figure={
        <figure className="lesson-figure ch10-figure">
          {f && curve.length > 0 ? (
            <>
              <div className="ch10-parts">
                <div className="ch10-part">
                  <div className="figure-controls">
                    <FigureSlider
                      label={`Window K = ${windowK}`}
                      min={0}
                      max={STEPS}
                      value={windowK}
                      valueText={`K = ${windowK} steps differentiated`}
                      onChange={(value) => (setWindow(value), setRevealed(true))}
                    />
                    <ShowMeButton show={show} label="widen K from 0 to 40" />
                  </div>
                  <LessonChart
                    title={`Error of the truncated gradient against the window K, for a chain of ${STEPS} steps`}
                    x={{ kind: 'linear', domain: [0, STEPS], label: 'window K (steps back)' }}
                    y={{ kind: 'log', domain: [Math.min(...errors) / 2, Math.max(...errors) * 2], label: 'relative error' }}
                    series={[{ id: 'error', points: curve, className: 's-reverse', dots: true, line: true }]}
                    height={height}
                    marks={(plot) =>
                      here !== undefined && here > 0 ? (
                        <circle className="mark-best" cx={plot.x(shownK)} cy={plot.y(here)} r={plot.font / 2.5} />
                      ) : null
                    }
                  />
                  <p className="figure-readout">
                    K = {shownK}: tape {f.truncation.tapeNodes.toLocaleString('en')} nodes ({formatBytes(f.truncation.tapeBytes)}) of{' '}
                    {f.truncation.fullTapeNodes.toLocaleString('en')}; error {here === undefined ? '—' : here === 0 ? '0, exact' : here.toExponential(1)}
                    {!revealed ? '.' : before === 0 ? '; the window covers every step, so no gradient is cut.' : `; ${zeroed} of the first ${before} steps’ gradients are exactly 0.`}
                  </p>
                </div>
                {points && reading ? (
                  <JacobianCost points={points} reading={reading} metric={metric} onMetric={setMetric} height={height} />
                ) : (
                  <div className="ch10-part">
                    <FigureStatus answer={timings} waiting="Timing forward and reverse mode at every M…" />
                  </div>
                )}
              </div>
              {words ? (
                <p className="figure-readout" data-readout="jacobian">
                  {words.counted} {words.measured}
                </p>
              ) : null}
              <figcaption>Two more choices a framework makes, counted on the same chain:</figcaption>
              <ul className="options">
                <li>
                  <strong>Fusing</strong> a step into one node with its own local partials: {f.fusion.fused.nodes.toLocaleString('en')} nodes (
                  {formatBytes(f.fusion.fused.bytes)}) instead of {f.fusion.primitive.nodes.toLocaleString('en')} (
                  {formatBytes(f.fusion.primitive.bytes)}).
                </li>
                <li>
                  <strong>Recomputing</strong> each step on the way back: {formatBytes(f.recompute.recomputed.bytes)} held for{' '}
                  {f.recompute.recomputed.stepEvaluations} step runs, against {formatBytes(f.recompute.saved.bytes)} for{' '}
                  {f.recompute.saved.stepEvaluations}, every step recorded with its own xₜ and c.
                </li>
              </ul>
            </>
          ) : (
            <FigureStatus answer={figures} waiting="Sweeping the chain with every window…" />
          )}
        </figure>
      }
    />
  );
}

interface CostProps {
  points: readonly CostPoint[];
  reading: CostReading;
  metric: number;
  onMetric: (metric: number) => void;
  height: number;
}

/**
 * Forward against reverse mode for ∂x_s/∂x₀ over the last M states, M = 1 … T: counted passes
 * (forward N + 1 = 2 at every M, reverse M + 1) or measured time, both from the worker's points.
 * Each dot carries its M and value (data-x, data-y), which the browser test reads.
 */
function JacobianCost({ points, reading, metric, onMetric, height }: CostProps) {
  const time = metric === 1;
  const forward = points.map((p) => [p.outputs, time ? p.forwardMicroseconds : p.forwardWork] as const);
  const reverse = points.map((p) => [p.outputs, time ? p.reverseMicroseconds : p.reverseWork] as const);
  const top = Math.max(...forward.map(([, v]) => v), ...reverse.map(([, v]) => v));
  // By time, a crossing is drawn only where the words say it: times that held still.
  const from = time ? (reading.noisy || !reading.equalTimes ? null : reading.timeFrom) : reading.countFrom;
  const never = time && (reading.noisy || !reading.equalTimes) ? 'where forward mode is faster is too noisy to tell' : 'forward mode is never cheaper';
  return (
    <div className="ch10-part" data-figure="jacobian" data-noisy={reading.noisy}>
      <div className="figure-controls">
        <Choices legend="Cost in" options={METRICS} value={metric} onChange={onMetric} />
      </div>
      <LessonChart
        title={`Cost of how the last M states respond to x₀ (N = 1 input), in ${time ? 'microseconds, measured' : 'passes, counted'}, by forward and reverse mode for M from 1 to ${STEPS}; ${from === null ? never : `forward mode is cheaper from M = ${from}`}.`}
        x={{ kind: 'linear', domain: [1, STEPS], label: 'outputs M (last states)' }}
        y={{ kind: 'linear', domain: [0, top * 1.08], label: time ? 'time (µs, measured)' : 'passes (counted)' }}
        series={[
          { id: 'reverse', points: reverse, className: 's-reverse', dots: true },
          { id: 'forward', points: forward, className: 's-forward', dots: true },
        ]}
        height={height}
        marks={(plot) =>
          from === null ? null : (
            <g className="ch10-from">
              <line x1={plot.x(from)} x2={plot.x(from)} y1={0} y2={plot.frame.innerHeight} />
              <text
                x={plot.x(from) + (plot.x(from) > plot.frame.innerWidth / 2 ? -6 : 6)}
                y={plot.font}
                textAnchor={plot.x(from) > plot.frame.innerWidth / 2 ? 'end' : 'start'}
              >
                M = {from}
              </text>
            </g>
          )
        }
      />
      <Legend
        items={[
          ['s-forward', 'forward mode'],
          ['s-reverse', 'reverse mode'],
        ]}
      />
    </div>
  );
}
