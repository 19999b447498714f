import type { GoTarget } from '../state/store/types.ts';

/**
 * Brings back a part whose code could not load: reloads the page, keeping the hash (every setting
 * lives there) and, for a section of the lab, adding `go=` so the reloaded page brings that section
 * into view and loads it (the key is read once and dropped). A reload, not a second import():
 * Chromium keeps a failed dynamic import in its module map, so importing the same file again fails
 * at once without a request.
 *
 * First asks the server for the page itself: while the network is still off, the page stays as it
 * is (no browser error page in its place) and this resolves false. With the service worker, the
 * stored page answers and the reload serves the stored files.
 */
export async function reloadKeepingPlace(go?: GoTarget): Promise<boolean> {
  const here = new URL(window.location.href);
  try {
    const response = await fetch(`${here.origin}${here.pathname}${here.search}`, { cache: 'no-store' });
    if (!response.ok) return false;
  } catch {
    return false;
  }
  if (go) {
    const hash = here.hash.replace(/^#/, '');
    const kept = hash
      .split('&')
      .filter((part) => part !== '' && !part.startsWith('go='))
      .concat(`go=${go}`)
      .join('&');
    window.history.replaceState(window.history.state, '', `${here.pathname}${here.search}#${kept}`);
  }
  window.location.reload();
  return true;
}
