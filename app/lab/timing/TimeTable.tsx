import type { TimedMethod } from '../../../engine/method-times.ts';
import { estimatedWork, notRun } from '../notRun.ts';
import { durationText, formatWork } from '../../ui/format.ts';
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

/** A method left out at this length: its estimated work and time, marked "not run". */
function NotRunRow({ name, className, work, ms, plainMs }: { name: string; className: string; work: string; ms: number; plainMs: number | undefined }) {
  return (
    <tr className="estimated">
      <th scope="row" className={className}>
        {name} <span className="not-run-tag">(not run)</span>
      </th>
      <td>{work}</td>
      <td>{durationText(ms)}</td>
      <td>{plainMs ? `≈ ${formatTimes(ms / plainMs)}` : '—'}</td>
    </tr>
  );
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
  const probedAt = (notRun(report, 'forward') ?? notRun(report, 'finiteDifference'))?.fromSteps;
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
            const plain = current ? times?.times.plain.ms : undefined;
            if (method === 'checkpointed' && checkpointSkipped && work) {
              return <NotRunRow key={method} name={name} className={className} work={formatWork(work.checkpointed)} ms={checkpointSkipped.ms} plainMs={plain} />;
            }
            const skipped = method === 'forward' || method === 'finiteDifference' ? notRun(report, method) : null;
            if (skipped) {
              return <NotRunRow key={method} name={name} className={className} work={estimatedWork(skipped)} ms={skipped.ms} plainMs={plain} />;
            }
            const t = times?.times[method];
            return (
              <tr key={method}>
                <th scope="row" className={className}>
                  {name}
                </th>
                <td>{work ? formatWork(work[method]) : '—'}</td>
                <td>{t ? (t.estimated ? `≈ ${formatMs(t.ms)}, scaled from T = ${t.from}` : formatMs(t.ms)) : measuring ? 'timing…' : '—'}</td>
                <td>{t ? `${t.estimated ? '≈ ' : ''}${formatTimes(t.ratio)}` : '—'}</td>
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
        Work counts passes over the chain; the time is measured here, in the worker, as the median of a few runs. They
        differ because a run is not the only cost: the tape writes every primitive’s value and partials to memory and
        reads them back in the sweep, which a plain run never does; forward
        mode carries P tangents through every primitive, and central differences reuse the shared start of the chain,
        so they cost fewer steps than 2P + 1 full runs. The checkpointed run follows its schedule’s list of actions,
        checking and counting each one and recording each step on a small tape of its own: per step it costs more
        than the reverse sweep’s single tape, so its time is several times reverse mode’s even where the counts are close.
        {probedAt
          ? ` At this length a method marked “not run” would take too long to run here: its work is extrapolated from counts on short chains, and its time is scaled as T² from a timed run at ${probedAt} steps.`
          : ''}
        {checkpointSkipped
          ? ` The checkpointed run is not run either: its work is counted by stepping through its schedule without computing, and its time is its ${checkpointSkipped.count.toLocaleString('en-US')} step evaluations at the rate ${checkpointSkipped.fromSteps === null ? 'measured on a laptop' : `timed at ${checkpointSkipped.fromSteps} steps`}.`
          : ''}
      </p>
    </div>
  );
}

/** "reverse mode: 2 passes, ≈ 14 runs of time, the same at every T": counted beside measured. */
function costLine(name: string, passes: number, formula: string, t: { ratio: number; estimated: boolean } | undefined, growth: string): string {
  const counted = Number.isFinite(passes) ? `${formatWork(passes)} passes${formula}` : 'not run';
  const timed = t && Number.isFinite(t.ratio) ? `≈ ${formatTimes(t.ratio).replace('×', '')} runs of time` : 'time being measured';
  return `${name}: ${counted}, ${timed}, ${growth}`;
}

/** One line for the summary: each method's measured time as a multiple of a plain run. */
export function TimeSummary() {
  const key = useLab((s) => timingKeyOf(s));
  const times = useTiming((s) => s.times);
  const timedKey = useTiming((s) => s.key);
  if (!times) return <div className="stat-note time-summary">measured time: timing in the worker…</div>;
  const t = times.times;
  const part = (m: TimedMethod, name: string) => `${name} ${t[m].estimated ? '≈ ' : ''}${formatTimes(t[m].ratio)}`;
  return (
    <div className={`stat-note time-summary${timedKey === key ? '' : ' stale'}`}>
      measured time, in plain runs: {part('reverse', 'reverse')}, {part('forward', 'forward')},{' '}
      {part('finiteDifference', 'finite diff.')}, {part('checkpointed', 'checkpointed')}
      {anyEstimated(t) ? ' (≈: estimated from a shorter chain)' : ''}
    </div>
  );
}

function anyEstimated(t: Record<TimedMethod, { estimated: boolean }>): boolean {
  return Object.values(t).some((m) => m.estimated);
}
