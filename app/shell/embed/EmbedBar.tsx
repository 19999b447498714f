import { encodeHash } from '../../state/url/hash.ts';
import { selectSettings, useLab } from '../../state/store/index.ts';

/**
 * Embed mode's only chrome: the lab's name, as the page's heading, and a link that opens the
 * same settings in the full lab in a new tab.
 */
export function EmbedBar() {
  const settings = useLab((s) => encodeHash(selectSettings(s)));
  return (
    <header className="embed-bar">
      <h1>Tape Lab</h1>
      <a href={`./#${settings}`} target="_blank" rel="noopener">
        Open the full lab<span className="sr-only"> (opens in a new tab)</span> ↗
      </a>
    </header>
  );
}
