import { useState } from 'react';
import { subscript } from '../../sections/tape/labels.ts';
import { formatBytes } from '../../ui/format.ts';
import { tradeoffsEngine } from '../../../workers/tradeoffs/host.ts';
import { ChapterFrame } from '../ChapterFrame.tsx';
import { useLessonView } from '../context.ts';
import { lessonSettings } from '../engine.ts';
import { FigureStatus } from '../FigureStatus.tsx';
import { LessonChart } from '../figures/LessonChart.tsx';
import { FigureSlider } from '../figures/FigureSlider.tsx';
import { labHashOf } from '../labLink.ts';
import { ShowMeButton } from '../ShowMeButton.tsx';
import { useAnswer } from '../useAnswer.ts';
import { useShowMe } from '../useShowMe.ts';

const STEPS = 40;
/** The windows the slider offers: K = 0 … T. */
const WINDOWS = Array.from({ length: STEPS + 1 }, (_, k) => k);
/** The outputs of the Jacobian the chapter shows: the last M states. */
const OUTPUTS = 5;
/** Its inputs: N = 1, x_0 alone, where forward mode (N + 1 = 2 passes) wins from M = 2. */
const INPUTS = 1;
/** The window the question names. */
const ASKED_K = 10;

/** Chapter 10: what frameworks hide. Stopping the gradient, live; fusing, saving or recomputing, JVP against VJP, counted. */
export default function Chapter10() {
  const { route } = useLessonView();
  const chain = lessonSettings({ steps: STEPS });
  const [windowK, setWindow] = useState(10);
  const [revealed, setRevealed] = useState(false);
  const figures = useAnswer(`tradeoffs ${STEPS} ${windowK}`, () =>
    tradeoffsEngine.figures({ steps: STEPS, c: chain.c, x0: chain.x0, target: chain.target, window: windowK, outputs: OUTPUTS, inputs: INPUTS }),
  );
  const show = useShowMe(WINDOWS.length, (i) => (setWindow(WINDOWS[i]), setRevealed(true)), !figures.loading || figures.value !== null);
  const f = figures.value;
  // The error is exactly 0 once the window covers the whole chain: a log axis shows the others.
  const curve = f ? f.truncationCurve.filter((p) => p.relativeError > 0).map((p) => [p.window, p.relativeError] as const) : [];
  const errors = curve.map(([, e]) => e);
  const here = f?.truncationCurve[windowK]?.relativeError;
  // Steps before the window: their a_t and b_t gradients, and how many of them are exactly 0.
  const before = STEPS - windowK;
  const zeroed = f ? Array.from(f.truncation.gradient.a).filter((g, t) => t < before && g === 0 && f.truncation.gradient.b[t] === 0).length : 0;
  const j = f?.jacobian;
  return (
    <ChapterFrame
      labHash={labHashOf({ steps: STEPS })}
      onAnswer={() => (setRevealed(true), setWindow(ASKED_K))}
      live={f && windowK === ASKED_K ? { zeroed: String(zeroed) } : {}}
      figure={
        <figure className="lesson-figure">
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
          {f && curve.length > 0 ? (
            <>
              <LessonChart
                title={`Error of the truncated gradient against the window K, for a chain of ${STEPS} steps`}
                x={{ kind: 'linear', domain: [0, STEPS], label: 'window K (steps the sweep runs back)' }}
                y={{ kind: 'log', domain: [Math.min(...errors) / 2, Math.max(...errors) * 2], label: 'relative error' }}
                series={[{ id: 'error', points: curve, className: 's-reverse', dots: true, line: true }]}
                height={route.present ? 300 : 240}
                marks={(plot) =>
                  here !== undefined && here > 0 ? (
                    <circle className="mark-best" cx={plot.x(windowK)} cy={plot.y(here)} r={plot.font / 2.5} />
                  ) : null
                }
              />
              <p className="figure-readout">
                K = {windowK}: tape {f.truncation.tapeNodes.toLocaleString('en')} nodes ({formatBytes(f.truncation.tapeBytes)}) of{' '}
                {f.truncation.fullTapeNodes.toLocaleString('en')}; error {here === undefined ? '—' : here === 0 ? '0, exact' : here.toExponential(1)}
                {!revealed ? '.' : before === 0 ? '; the window covers every step, so no gradient is cut.' : `; ${zeroed} of the first ${before} steps’ gradients are exactly 0.`}
              </p>
              <p className="todo">
                <strong>Try:</strong> move K, or press Show me. A short window is cheap, and wrong far back.
              </p>
              <figcaption>Computed by the worker: one truncated tape and sweep for every K, against the full gradient. Three more levers, counted on the same chain:</figcaption>
              <ul className="options">
                <li>
                  <strong>Fusing</strong> a step into one node with its own local partials: {f.fusion.fused.nodes.toLocaleString('en')} nodes (
                  {formatBytes(f.fusion.fused.bytes)}) instead of {f.fusion.primitive.nodes.toLocaleString('en')} (
                  {formatBytes(f.fusion.primitive.bytes)}).
                </li>
                <li>
                  <strong>Recomputing</strong> each step on the way back: {formatBytes(f.recompute.recomputed.bytes)} held for{' '}
                  {f.recompute.recomputed.stepEvaluations} step runs, against {formatBytes(f.recompute.saved.bytes)} for{' '}
                  {f.recompute.saved.stepEvaluations}.
                </li>
                <li data-readout="jacobian">
                  <strong>Forward or reverse</strong> for how the last M = {OUTPUTS} states respond to x₀ alone (N = 1 input):
                  forward mode pushes one input direction (a <dfn>Jacobian-vector product</dfn>), N + 1 = {j?.forward.work} passes;
                  reverse mode pulls back one output at a time, M + 1 = {j?.reverse.work}. Forward mode wins from M ={' '}
                  {j?.crossover ?? '—'}. ∂x/∂x₀: {j?.rows.map((r) => `x${subscript(r.state)} ${Number(r.values[0].toPrecision(2))}`).join(', ')}.
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
