import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { cspMeta } from './scripts/vite/csp-plugin.ts';
import { offlineServiceWorker } from './scripts/vite/offline-plugin.ts';

// The app: index.html → app/shell/main.tsx; the engine runs in workers/lab/lab.worker.ts (an ES module
// worker, so it shares the engine's modules with the command line and the tests).
// `base: './'` keeps every asset URL relative, so dist/ can be served from any path.
// The build writes the Content-Security-Policy into index.html and a service worker (dist/sw.js)
// that stores every built file for offline use.
export default defineConfig({
  base: './',
  plugins: [react(), cspMeta(), offlineServiceWorker()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Every asset stays a file of its own origin (the server's CSP allows no data: fonts).
    assetsInlineLimit: 0,
  },
});
