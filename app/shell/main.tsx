import 'katex/dist/katex.min.css';
import './styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { startLesson } from '../lesson/wire.ts';
import { startPractice } from '../practice/wire.ts';
import { registerOffline } from './offline/register.ts';
import { useLab } from '../state/store/index.ts';
import { startLab } from '../lab/labSync.ts';
import { startTape } from '../sections/tape/tapeSync.ts';
import { startTheme } from './theme/wire.ts';
import { startTiming } from '../lab/timing/timingSync.ts';
import { connectLabWorker } from '../../workers/lab/host.ts';

// The theme first, so the page is painted in the remembered scheme from the start.
startTheme(useLab, window);
// The lesson's place before the lab reads the hash, so a lesson link never starts as the lab.
startLesson(useLab, window);
startPractice(useLab, window);

const engine = connectLabWorker(() => useLab.getState().noteRestart());
startLab(useLab, engine, window);
startTape(useLab, engine);
startTiming(useLab, engine);
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
