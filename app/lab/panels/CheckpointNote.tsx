import { formatBytes, plural } from '../../ui/format.ts';
import { useLab } from '../../state/store/index.ts';
import { checkpointNotRunSentence } from '../notRun.ts';

/**
 * What the chosen schedule means under the one memory model (a checkpoint is a stored state of
 * S bytes, a recorded step its tape of R): the least memory a periodic stride holds, counted in
 * held items (≈ √T) and in bytes (≈ √(T·S/R)), read from the report's frontier.
 */
export function CheckpointNote() {
  const cp = useLab((s) => s.report?.checkpoint ?? null);
  const steps = useLab((s) => s.report?.steps ?? 0);
  if (!cp || steps < 1) return null;
  const least = cp.leastMemory;
  const readout = least ? (
    <span className="checkpoint-least">
      Least memory: stride {least.byBytes.stride}, {formatBytes(least.byBytes.peakBytes)}
      {least.byItems.stride !== least.byBytes.stride
        ? ` (in held items: stride ${least.byItems.stride}, ${plural(least.byItems.peakStates, 'item')})`
        : ''}
      .
    </span>
  ) : null;
  const sizes = `A stored state costs ${formatBytes(cp.stateBytes)}, a recorded step's tape ${formatBytes(cp.stepBytes)}.`;
  const notRun = cp.estimates?.run ? <p className="checkpoint-note not-run">{checkpointNotRunSentence('run', cp.estimates.run, steps)}</p> : null;
  if (cp.schedule === 'revolve') {
    return (
      <>
      {notRun}
      <p className="checkpoint-note">
        Binomial is the schedule of Griewank and Walther’s <i>revolve</i> algorithm: with{' '}
        {plural(cp.snapshots ?? 0, 'snapshot')} (checkpoints it may store at once) it places them so that the replays add up to the fewest steps
        possible, and tapes one step at a time. {sizes} {readout}
      </p>
      </>
    );
  }
  const stride = cp.stride ?? 1;
  const wide = cp.stateWidth === 'wide';
  return (
    <>
    {notRun}
    <p className="checkpoint-note">
      {stride >= steps && steps > 1 ? (
        <>A stride of T = {steps} is one segment: the full tape, nothing replayed. </>
      ) : stride === 1 ? (
        <>A stride of 1 stores every state and re-tapes one step at a time on the way back. </>
      ) : null}
      The periodic schedule stores the state at each segment start and re-tapes a segment on the way back: about T/k
      stored states and k recorded steps at once, beside the working state. Counted as items, their sum is smallest near k = √T, here k ≈{' '}
      {Math.max(1, Math.round(Math.sqrt(steps)))}. {sizes}{' '}
      {wide
        ? 'With a wide state the two weigh the same, so the bytes are smallest near √T too.'
        : `In bytes a recorded step weighs ${formatRatio(cp.stepBytes / cp.stateBytes)} stored states, so the best stride is near √(T·S/R), about ${byteStride(steps, cp.stateBytes, cp.stepBytes)} here.`}{' '}
      {readout}
    </p>
    </>
  );
}

/** A whole ratio as a whole number, another to two significant figures. */
function formatRatio(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toPrecision(2);
}

/**
 * √(T·S/R), the stride where stored states and recorded steps weigh the same in bytes. Below 1 the
 * readout beside it says stride 1; the sentence keeps one length at every T, so the panels in its
 * row do not change height as the steps move.
 */
function byteStride(steps: number, stateBytes: number, stepBytes: number): string {
  return Math.sqrt((steps * stateBytes) / stepBytes).toFixed(1);
}
