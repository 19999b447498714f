import { plural } from '../../ui/format.ts';
import { useLab } from '../../state/store/index.ts';
import { checkpointNotRunSentence } from '../notRun.ts';

/**
 * What the chosen schedule means, in words: the √T sweet spot of the periodic schedule, why a
 * stride as long as the chain saves nothing, and what "binomial" names.
 */
export function CheckpointNote() {
  const cp = useLab((s) => s.report?.checkpoint ?? null);
  const steps = useLab((s) => s.report?.steps ?? 0);
  if (!cp || steps < 1) return null;
  const sweet = Math.max(1, Math.round(Math.sqrt(steps)));
  const notRun = cp.estimates?.run ? <p className="checkpoint-note not-run">{checkpointNotRunSentence('run', cp.estimates.run, steps)}</p> : null;
  if (cp.schedule === 'revolve') {
    return (
      <>
      {notRun}
      <p className="checkpoint-note">
        Binomial is the schedule of Griewank and Walther’s <i>revolve</i> algorithm: with{' '}
        {plural(cp.snapshots ?? 0, 'snapshot')} it places them so that the replays add up to the fewest steps
        possible. It holds far less than the periodic schedule for the same work.
      </p>
      </>
    );
  }
  const stride = cp.stride ?? 1;
  return (
    <p className="checkpoint-note">
      {stride >= steps && steps > 1 ? (
        <>
          A stride of T = {steps} is one segment as long as the chain: the backward sweep replays the whole chain
          from x<sub>0</sub> and tapes every step of it, so it holds as much as the full tape and costs a third run.
          It is kept only as the end of the scale.{' '}
        </>
      ) : stride === 1 ? (
        <>A stride of 1 keeps every state: the full tape, nothing replayed. </>
      ) : null}
      The periodic schedule holds about T/k snapshots and k taped steps at once; their sum is smallest near k = √T,
      here k ≈ {sweet}.
    </p>
  );
}
