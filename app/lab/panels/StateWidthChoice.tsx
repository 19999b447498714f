import { useLab } from '../../state/store/index.ts';

/**
 * The memory model's one lever: a stored state as one float (8 bytes), or as wide as a step's
 * tape (640 bytes, as a network's activations are), which moves the byte-optimal stride to √T.
 */
export function StateWidthChoice() {
  const wide = useLab((s) => s.state === 'wide');
  const setSetting = useLab((s) => s.setSetting);
  return (
    <label className="state-width">
      <input type="checkbox" checked={wide} onChange={(e) => setSetting('state', e.currentTarget.checked ? 'wide' : 'scalar')} />
      Wide state: a checkpoint as large as a step’s tape (640 B, not 8 B)
    </label>
  );
}
