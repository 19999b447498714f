import './bugs.css';
import { useEffect } from 'react';
import { bugsEngine } from '../../../workers/bugs/host.ts';
import { useLab } from '../../state/store/index.ts';
import { BugDetail } from './BugDetail.tsx';
import { BugToggles } from './BugToggles.tsx';
import { SecondDerivatives } from './SecondDerivatives.tsx';
import { startBugs } from './sync.ts';

/** The section's body: wires it to its worker while on the page, then the toggles, the bug on, and H·v. */
export function BugsLab() {
  useEffect(() => startBugs(useLab, bugsEngine), []);
  const ready = useLab((s) => s.bugsChain !== null);
  const failure = useLab((s) => s.bugsFailure);
  return (
    <div className="bugs-lab">
      {failure ? (
        <p className="tradeoffs-failure" role="alert">
          {failure}
        </p>
      ) : null}
      {ready ? (
        <>
          <BugToggles />
          <BugDetail />
          <SecondDerivatives />
        </>
      ) : (
        <p className="tape-placeholder">Running each bug on the chain…</p>
      )}
    </div>
  );
}
