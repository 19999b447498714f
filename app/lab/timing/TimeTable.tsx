import type { MethodTime, TimedMethod } from '../../../engine/method-times.ts';
import { runsOfTimeText } from '../../../engine/method-cost.ts';
import { estimatedWork, notRun } from '../notRun.ts';
import { formatWork } from '../../ui/format.ts';
import { NOISY_SPREAD } from '../../../engine/limits.ts';
import { useLab } from '../../state/store/index.ts';
import { timingKeyOf, useTiming } from './timingSync.ts';

const ROWS: { method: TimedMethod; name: string; className: string }[] = [
  { method: 'plain', name: 'plain evaluation (the unit)', className: '' },
  { method: 'reverse', name: 'reverse mode', className: 'm-reverse' },
  { method: 'checkpointed', name: 'checkpointed', className: 'm-checkpoint' },
  { method: 'forward', name: 'forward mode', className: 'm-forward' },
  { method: 'finiteDifference', name: 'central differences', className: 'm-fd' },
];

/** Milliseconds with sensible digits: 0.042 ms, 3.1 ms, 420 ms, 9.4 s, 12 min, 2.3 h (never 4.4e+2). */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const digits = (x: number) => (x >= 100 ? String(Math.round(x)) : x.toPrecision(2));
  if (ms >= 3_600_000) return `${digits(ms / 3_600_000)} h`;
  if (ms >= 60_000) return `${digits(ms / 60_000)} min`;
  if (ms >= 1000) return `${digits(ms / 1000)} s`;
  return `${digits(ms)} ms`;
}

/** A ratio to the plain run: 3.4×, 95×. */
export function formatTimes(x: number): string {
  if (!Number.isFinite(x)) return '—';
  return `${x >= 10 ? Math.round(x) : x.toPrecision(2)}×`;
}

/** A measured time in runs of the plain chain, with the middle half of its rounds: "4.1× (3.9–4.4)", or why not. */
export function runsCell(t: MethodTime): string {
  if (t.noisy) return 'too noisy to tell';
  const spread = t.high > t.low ? ` (${formatTimes(t.low).replace('×', '')}–${formatTimes(t.high)})` : '';
  return `${t.estimated ? '≈ ' : ''}${formatTimes(t.ratio)}${spread}`;
}

/** A measured time in ms: "0.42 ms", "≈ 3.1 s, scaled from T = 256", or "too noisy". */
function msCell(t: MethodTime): string {
  if (t.noisy) return 'too noisy';
  return t.estimated ? `≈ ${formatMs(t.ms)}, scaled from T = ${t.from}` : formatMs(t.ms);
}

/**
 * Time beside work: each method's counted work in chain runs and its measured time in this tab's
 * worker, as milliseconds and as a multiple of one plain run of the chain. Estimates (methods not
 * run at this length) are marked as such.
 */
export function TimeTable() {
  const report = useLab((s) => s.report);
  const key = useLab((s) => timingKeyOf(s));
  const times = useTiming((s) => s.times);
  const timedKey = useTiming((s) => s.key);
  const measuring = useTiming((s) => s.measuring);
  const current = times !== null && timedKey === key;
  const leftOut = notRun(report, 'forward') ?? notRun(report, 'finiteDifference');
  // A schedule left out of the run (one snapshot at 100,000 steps: hours) is counted by a dry run
  // and its time is the run's estimate, the same the checkpoint panel shows.
  const checkpointSkipped = report?.checkpoint.estimates?.run ?? null;
  const work: Record<TimedMethod, number> | null = report
    ? { plain: 1, reverse: report.work.reverse, forward: report.work.forward, finiteDifference: report.work.finiteDifference, checkpointed: report.work.checkpointed }
    : null;
  return (
    <div className="time-beside-work" aria-busy={measuring}>
      <table className={`counts time-table${current ? '' : ' stale'}`}>
        <caption>
          Counted work and measured time{times ? `, T = ${times.steps}` : ''}
          {times && !current ? ' (measured for the earlier settings; timing again)' : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">method</th>
            <th scope="col">work (passes)</th>
            <th scope="col">time</th>
            <th scope="col">time (runs)</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(({ method, name, className }) => {
            // A part left out at this length (past its step limit) is still timed, on a shorter
            // chain, and its work is its counted estimate; the row says it was not run.
            const skipped = method === 'forward' || method === 'finiteDifference' ? notRun(report, method) : null;
            const notRunHere = skipped !== null || (method === 'checkpointed' && checkpointSkipped !== null);
            const workText = skipped ? estimatedWork(skipped) : work ? formatWork(work[method]) : '—';
            const t = times?.times[method];
            return (
              <tr key={method} className={notRunHere ? 'estimated' : undefined}>
                <th scope="row" className={className}>
                  {name}
                  {notRunHere ? (
                    <>
                      {' '}
                      <span className="not-run-tag">(not run)</span>
                    </>
                  ) : null}
                </th>
                <td>{workText}</td>
                <td>{t ? msCell(t) : measuring ? 'timing…' : '—'}</td>
                <td>{t ? runsCell(t) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {work && report ? (
        <p className="cost-lines">
          {costLine('reverse mode', work.reverse, '', current ? times?.times.reverse : undefined, 'the same at every T')}
          <br />
          {costLine('forward mode', work.forward, ' (P + 1)', current ? times?.times.forward : undefined, 'growing with P')}
          <br />
          {costLine('central differences', work.finiteDifference, ' (2P + 1)', current ? times?.times.finiteDifference : undefined, 'growing with P')}
        </p>
      ) : null}
      <p className="time-note">
        Work counts passes over the chain; the time is measured here, in the worker: each method and the plain run
        take turns in batches long enough for the clock, and the time is the median of their ratios, with the middle
        half of the ratios in brackets. Where that middle half is wider than {NOISY_SPREAD}× the machine is too busy
        to tell, and the table says so. They differ because a run is not the only cost: the tape writes every primitive’s value and partials to memory and
        reads them back in the sweep, which a plain run never does; forward
        mode carries P tangents through every primitive, and central differences reuse the shared start of the chain,
        so they cost fewer steps than 2P + 1 full runs. The checkpointed run follows its schedule’s list of actions,
        checking and counting each one and recording each step on a small tape of its own: per step it costs more
        than the reverse sweep’s single tape, so its time is several times reverse mode’s even where the counts are close.
        {leftOut
          ? ` A method marked “not run” is left out above ${leftOut.limit.toLocaleString('en-US')} steps, by its counted work: its work is extrapolated from counts on short chains, and its time is measured on a shorter chain and scaled by its passes.`
          : ''}
        {checkpointSkipped
          ? ` The checkpointed run is not run either (its ${checkpointSkipped.count.toLocaleString('en-US')} step evaluations pass the limit): its work is counted by stepping through its schedule without computing, and its time is measured on a shorter chain and scaled by its step evaluations.`
          : ''}
      </p>
    </div>
  );
}

/** "reverse mode: 2 passes, ≈ 4.1 runs of time (middle half 3.9–4.4), the same at every T": counted beside measured. */
function costLine(name: string, passes: number, formula: string, t: MethodTime | undefined, growth: string): string {
  const counted = Number.isFinite(passes) ? `${formatWork(passes)} passes${formula}` : 'not run';
  const timed =
    t && Number.isFinite(t.ratio)
      ? runsOfTimeText({ runsOfTime: t.ratio, runsOfTimeSpread: [t.low, t.high], noisy: t.noisy, estimated: t.estimated, timedAt: t.from })
      : 'time being measured';
  return `${name}: ${counted}, ${timed}, ${growth}`;
}

/** One line for the summary: each method's measured time as a multiple of a plain run. */
export function TimeSummary() {
  const key = useLab((s) => timingKeyOf(s));
  const times = useTiming((s) => s.times);
  const timedKey = useTiming((s) => s.key);
  if (!times) return <div className="stat-note time-summary">measured time: timing in the worker…</div>;
  const t = times.times;
  const part = (m: TimedMethod, name: string) => `${name} ${t[m].noisy ? 'too noisy to tell' : `${t[m].estimated ? '≈ ' : ''}${formatTimes(t[m].ratio)}`}`;
  return (
    <div className={`stat-note time-summary${timedKey === key ? '' : ' stale'}`}>
      measured time, in plain runs: {part('reverse', 'reverse')}, {part('forward', 'forward')},{' '}
      {part('finiteDifference', 'finite diff.')}, {part('checkpointed', 'checkpointed')}
      {anyEstimated(t) ? ' (≈: timed on a shorter chain, scaled by counted work)' : ''}
    </div>
  );
}

function anyEstimated(t: Record<TimedMethod, { estimated: boolean }>): boolean {
  return Object.values(t).some((m) => m.estimated);
}
