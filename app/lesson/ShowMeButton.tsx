import { useGate } from './gate.ts';
import type { ShowMe } from './useShowMe.ts';

/**
 * The button that plays a chapter's motion, and stops it. Until the chapter's question is
 * settled it waits, disabled, pointing at the figure's "Answer first" word.
 */
export function ShowMeButton({ show, label }: { show: ShowMe; label: string }) {
  const gate = useGate();
  return (
    <button
      type="button"
      className="show-me"
      disabled={!gate.open}
      aria-describedby={gate.open ? undefined : gate.noteId}
      onClick={show.playing ? show.stop : show.play}
    >
      {show.playing ? 'Stop' : `Show me: ${label}`}
    </button>
  );
}
