import 'katex/dist/katex.min.css';
import './styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { FEATURES } from './features.ts';
import { registerOffline } from './offline/register.ts';
import { useLab } from '../state/store/index.ts';
import { connectLabWorker } from '../../workers/lab/host.ts';

const engine = connectLabWorker(() => useLab.getState().noteRestart());
// Each feature's wiring, in the registry's order (the theme first, the lesson before the lab).
for (const feature of FEATURES) feature.wire?.({ store: useLab, engine, window });
registerOffline();

const root = document.getElementById('root');
if (root) {
  // As a transition, so React builds the first page in slices of a few milliseconds, yielding
  // between them, instead of one task of 100–200 ms on a slow machine.
  const page = createRoot(root);
  startTransition(() =>
    page.render(
      <StrictMode>
        <App progressive />
      </StrictMode>,
    ),
  );
}
