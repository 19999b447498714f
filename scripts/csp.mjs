// The one Content-Security-Policy of Tape Lab, shared by the static server (as a header) and the
// build (as a <meta> in index.html, so the policy holds on any static host).
//
// Scripts and workers come only from the page's own origin: no inline script, no eval. Styles
// allow inline attributes because KaTeX's HTML positions glyphs with style="…". Images allow
// data: (the tensor section's decision map; a heat strip inside an exported chart, drawn to PNG)
// and blob: (a chart drawn to PNG for export). Nothing may be
// fetched from, framed from, or posted to another origin.
/** @type {readonly string[]} */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
];

/** The policy as a <meta http-equiv> carries it. */
export const CSP_META = CSP_DIRECTIVES.join('; ');

/**
 * The policy as the server's header: the same. It sets no frame-ancestors on purpose: course
 * pages embed the lab (#embed=1), some from sandboxed or srcdoc iframes whose opaque origin no
 * source list (not even *) matches.
 */
export const CSP_HEADER = CSP_META;

/**
 * The headers every response of the lab carries, from `npm start` (vite preview, vite.config.ts)
 * and from scripts/serve.mjs: the policy, no type sniffing, no referrer, and a window of its own.
 */
export const SECURITY_HEADERS = {
  'Content-Security-Policy': CSP_HEADER,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
