import { useState } from 'react';
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
/** The outputs of the Jacobian the chapter asks about. */
const OUTPUTS = 5;

/** Chapter 10: what frameworks hide. Stopping the gradient, live; fusing, saving or recomputing, JVP against VJP, counted. */
export default function Chapter10() {
  const { route } = useLessonView();
  const chain = lessonSettings({ steps: STEPS });
  const [windowK, setWindow] = useState(10);
  const [revealed, setRevealed] = useState(false);
  const figures = useAnswer(`tradeoffs ${STEPS} ${windowK}`, () =>
    tradeoffsEngine.figures({ steps: STEPS, c: chain.c, x0: chain.x0, target: chain.target, window: windowK, outputs: OUTPUTS }),
  );
  const show = useShowMe(WINDOWS.length, (i) => (setWindow(WINDOWS[i]), setRevealed(true)), !figures.loading || figures.value !== null);
  const f = figures.value;
  // The error is exactly 0 once the window covers the whole chain: a log axis shows the others.
  const curve = f ? f.truncationCurve.filter((p) => p.relativeError > 0).map((p) => [p.window, p.relativeError] as const) : [];
  const errors = curve.map(([, e]) => e);
  const here = f?.truncationCurve[windowK]?.relativeError;
  const zeroed = f ? Array.from(f.truncation.gradient.a).filter((g, t) => t < STEPS - windowK && g === 0).length : 0;
  return (
    <ChapterFrame
      labHash={labHashOf({ steps: STEPS })}
      onAnswer={() => setRevealed(true)}
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
                height={route.present ? 320 : 260}
                marks={(plot) =>
                  here !== undefined && here > 0 ? (
                    <circle className="mark-best" cx={plot.x(windowK)} cy={plot.y(here)} r={plot.font / 2.5} />
                  ) : null
                }
              />
              <p className="figure-readout">
                K = {windowK}: tape {f.truncation.tapeNodes.toLocaleString('en')} nodes ({formatBytes(f.truncation.tapeBytes)}) of{' '}
                {f.truncation.fullTapeNodes.toLocaleString('en')}; error {here === undefined ? '—' : here === 0 ? '0, exact' : here.toExponential(1)}
                {revealed ? `; ${zeroed} of the first ${STEPS - windowK} steps’ gradients are exactly 0.` : '.'}
              </p>
              <p className="todo">
                <strong>Try:</strong> move K, or press Show me. A short window is cheap, and wrong far back.
              </p>
              <figcaption>Computed by the worker: one truncated tape and sweep for every K, against the full gradient.</figcaption>
              <p className="figure-readout">Three more levers, counted by the worker on the same chain:</p>
              <ul className="options">
                <li>
                  <strong>Fusing</strong> a step into one node with its own slopes: {f.fusion.fused.nodes.toLocaleString('en')} nodes (
                  {formatBytes(f.fusion.fused.bytes)}) instead of {f.fusion.primitive.nodes.toLocaleString('en')} (
                  {formatBytes(f.fusion.primitive.bytes)}).
                </li>
                <li>
                  <strong>Recomputing</strong> each step on the way back: {formatBytes(f.recompute.recomputed.bytes)} held for{' '}
                  {f.recompute.recomputed.stepEvaluations} step runs, against {formatBytes(f.recompute.saved.bytes)} for{' '}
                  {f.recompute.saved.stepEvaluations}.
                </li>
                <li>
                  <strong>Forward or reverse</strong> for the last {OUTPUTS} states: forward mode pushes one input direction at
                  a time (a <dfn>Jacobian-vector product</dfn>), {f.jacobian.forward.work} chain runs; reverse mode pulls back
                  one output at a time (a <dfn>vector-Jacobian product</dfn>), {f.jacobian.reverse.work}.
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
