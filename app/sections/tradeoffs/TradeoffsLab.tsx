import './tradeoffs.css';
import { useEffect } from 'react';
import { useLab } from '../../state/store/index.ts';
import { FusionLever, JacobianLever, RecomputeLever, TruncationLever } from './Blocks.tsx';
import { tradeoffsEngine } from '../../../workers/tradeoffs/host.ts';
import { startTradeoffs } from './sync.ts';

/**
 * The section's body: wires the levers to the section's worker while on the page, and shows the
 * four levers once the first answer is in. While a long answer is computed (T = 1000 takes most
 * of a second) a line says which part the worker is on.
 */
export function TradeoffsLab() {
  useEffect(() => startTradeoffs(useLab, tradeoffsEngine), []);
  const ready = useLab((s) => s.tradeoffs !== null);
  const failure = useLab((s) => s.tradeoffsFailure);
  const stage = useLab((s) => s.tradeoffsStage);
  return (
    <div className="tradeoffs-lab">
      {failure ? (
        <p className="tradeoffs-failure" role="alert">
          {failure}
        </p>
      ) : null}
      {ready ? (
        <>
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
            Times are measured in the section’s own worker, each pair in alternation, fastest batch kept; they move from run
            to run. Counts and gradients do not.
          </p>
        </>
      ) : (
        <p className="tape-placeholder" role="status">
          {stage ? `Computing the four levers: ${stage}…` : 'Computing the four levers…'}
        </p>
      )}
    </div>
  );
}
