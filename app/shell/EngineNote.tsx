import { useLab } from '../state/store/index.ts';

/** One line about the engine itself: it was restarted after a fault, or a run was cancelled. */
export function EngineNote() {
  const note = useLab((s) => s.engineNote);
  const clear = useLab((s) => s.setEngineNote);
  return (
    <div className="engine-note-slot" role="status" aria-live="polite">
      {note ? (
        <p className="notice engine-note">
          <span>{note}</span>
          <button type="button" onClick={() => clear(null)}>
            OK
          </button>
        </p>
      ) : null}
    </div>
  );
}
