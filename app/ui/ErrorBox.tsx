import type { BugOutcome } from '../../engine/bugs/index.ts';
import { PYTORCH_VERSION } from '../../engine/bugs/pytorch-version.ts';

/** The framework's refusal, word for word as PyTorch prints it, with the release it comes from. */
export function ErrorBox({ outcome, lead }: { outcome: BugOutcome; lead: string }) {
  if (!outcome.error) return null;
  return (
    <div className="bug-error" role="note">
      <p>
        {lead} <span className="bug-error-version">(PyTorch {PYTORCH_VERSION}, word for word)</span>
      </p>
      <pre>
        <code>RuntimeError: {outcome.error}</code>
      </pre>
    </div>
  );
}
