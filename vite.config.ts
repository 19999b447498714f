import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app: index.html → app/main.tsx; the engine runs in workers/lab.worker.ts (an ES module
// worker, so it shares the engine's modules with the command line and the tests).
// `base: './'` keeps every asset URL relative, so dist/ can be served from any path.
export default defineConfig({
  base: './',
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // KaTeX ships a font in three formats; only the woff2 the browser picks is ever requested.
    chunkSizeWarningLimit: 700,
    // Every asset stays a file of its own origin (the server's CSP allows no data: fonts).
    assetsInlineLimit: 0,
  },
});
