import './tradeoffs.css';
import { WorkerSection } from '../../shell/WorkerSection.tsx';
import { useLab } from '../../state/store/index.ts';
import { FusionLever, JacobianLever, RecomputeLever, TruncationLever } from './Blocks.tsx';
import { tradeoffsEngine } from '../../../workers/tradeoffs/host.ts';
import { startTradeoffs } from './sync.ts';

const start = () => startTradeoffs(useLab, tradeoffsEngine);

/**
 * The section's body: wires the levers to the section's worker while on the page, and shows the
 * four levers once the first answer is in. While a long answer is computed (T = 1000 takes most
 * of a second) a line says which part the worker is on.
 */
export function TradeoffsLab() {
  const ready = useLab((s) => s.tradeoffs !== null);
  const failure = useLab((s) => s.tradeoffsFailure);
  const stage = useLab((s) => s.tradeoffsStage);
  return (
    <WorkerSection
      className="tradeoffs-lab"
      start={start}
      ready={ready}
      failure={failure}
      waiting={stage ? `Computing the four levers: ${stage}…` : 'Computing the four levers…'}
    >
      {stage ? (
        <p className="tradeoffs-stage" role="status">
          Computing {stage}…
        </p>
      ) : null}
      <TruncationLever />
      <FusionLever />
      <RecomputeLever />
      <JacobianLever />
      <p className="train-pace">
        Times are measured in the section’s own worker. Every point takes its turn, round after round. The machine’s speed
        at each reading is read from the readings just before and after it and taken out; each point shows its usual time
        per call at the machine’s usual speed. Times move from run to run; counts and gradients do not.
      </p>
    </WorkerSection>
  );
}
