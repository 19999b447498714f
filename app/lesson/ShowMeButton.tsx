import type { ShowMe } from './useShowMe.ts';

/** The button that plays a chapter's motion, and stops it. */
export function ShowMeButton({ show, label }: { show: ShowMe; label: string }) {
  return (
    <button type="button" className="show-me" onClick={show.playing ? show.stop : show.play}>
      {show.playing ? 'Stop' : `Show me: ${label}`}
    </button>
  );
}
