import type { Plugin } from 'vite';
import { CSP_META } from '../csp.mjs';

/**
 * Writes the lab's Content-Security-Policy into the built index.html as a <meta http-equiv>, so
 * the policy holds on any static host, not only behind scripts/serve.mjs (which also sends it as
 * a header). Build only: the dev server injects an inline script of its own for hot reload.
 */
export function cspMeta(): Plugin {
  return {
    name: 'tape-lab-csp-meta',
    apply: 'build',
    transformIndexHtml(html) {
      // Right after the charset, before any element the policy governs.
      const meta = `<meta http-equiv="Content-Security-Policy" content="${CSP_META}" />`;
      const out = html.replace(/(<meta charset="[^"]*"\s*\/?>)/i, `$1\n    ${meta}`);
      if (out === html) throw new Error('index.html has no <meta charset>: cannot place the Content-Security-Policy');
      return out;
    },
  };
}
