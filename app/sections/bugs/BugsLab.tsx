import './bugs.css';
import { bugsEngine } from '../../../workers/bugs/host.ts';
import { WorkerSection } from '../../shell/WorkerSection.tsx';
import { useLab } from '../../state/store/index.ts';
import { BugDetail } from './BugDetail.tsx';
import { BugToggles } from './BugToggles.tsx';
import { SecondDerivatives } from './SecondDerivatives.tsx';
import { startBugs } from './sync.ts';

const start = () => startBugs(useLab, bugsEngine);

/** The section's body: wires it to its worker while on the page, then the toggles, the bug on, and H·v. */
export function BugsLab() {
  const ready = useLab((s) => s.bugsChain !== null);
  const failure = useLab((s) => s.bugsFailure);
  return (
    <WorkerSection className="bugs-lab" start={start} ready={ready} failure={failure} waiting="Running each bug on the chain…">
      <BugToggles />
      <BugDetail />
      <SecondDerivatives />
    </WorkerSection>
  );
}
