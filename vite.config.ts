import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { SECURITY_HEADERS } from './scripts/csp.mjs';
import { cspMeta } from './scripts/vite/csp-plugin.ts';
import { offlineServiceWorker } from './scripts/vite/offline-plugin.ts';

// The app: index.html → app/shell/main.tsx; the engine runs in workers/lab/lab.worker.ts (an ES module
// worker, so it shares the engine's modules with the command line and the tests).
// `base: './'` keeps every asset URL relative, so dist/ can be served from any path.
// The build writes the Content-Security-Policy into index.html and a service worker (dist/sw.js)
// that stores every built file for offline use.

/** `npm start`'s port: PORT (0 picks any free one), else 4173; a taken port moves to the next free one. */
function previewPort(): number {
  const text = process.env.PORT;
  if (text === undefined || text.trim() === '') return 4173;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`PORT must be a whole number from 0 to 65535; got ${JSON.stringify(text.slice(0, 80))}\n`);
    process.exit(2);
  }
  return port;
}

export default defineConfig({
  base: './',
  // A static site: an unknown path is a 404, not the page (the service worker's start page test relies on it).
  appType: 'mpa',
  plugins: [react(), cspMeta(), offlineServiceWorker()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Every asset stays a file of its own origin (the server's CSP allows no data: fonts).
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // A chapter's figure is fetched when the chapter opens: its file is named by the chapter's slug
        // (`chapter-tensors-….js`), since every chapter folder names its figure Figure.tsx.
        chunkFileNames: (chunk) => {
          const slug = /\/lesson\/chapters\/([^/]+)\/Figure\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return slug ? `assets/chapter-${slug}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  // `npm start` (vite preview): the built lab on localhost (HOST to listen beyond it), with the same
  // policy headers as the <meta> in index.html.
  preview: {
    host: process.env.HOST || '127.0.0.1',
    port: previewPort(),
    strictPort: false,
    headers: SECURITY_HEADERS,
  },
});
