import 'katex/dist/katex.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { useLab } from './store/index.ts';
import { startLab } from './sync.ts';
import { connectLabWorker } from './worker/connect.ts';

startLab(useLab, connectLabWorker(), window);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
