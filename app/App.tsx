import { Controls } from './components/Controls.tsx';
import { Header } from './components/Header.tsx';
import { Notices } from './components/Notices.tsx';
import { Summary } from './components/Summary.tsx';
import { CheckpointPanel } from './panels/CheckpointPanel.tsx';
import { FiniteDifferencePanel } from './panels/FiniteDifferencePanel.tsx';
import { ForwardPanel } from './panels/ForwardPanel.tsx';
import { ReversePanel } from './panels/ReversePanel.tsx';
import { WorkPanel } from './panels/WorkPanel.tsx';

/** The one page: the program, the settings, the figures, the five panels. */
export function App() {
  return (
    <div className="page">
      <Header />
      <Controls />
      <Notices />
      <Summary />
      <main className="panels">
        <ReversePanel />
        <ForwardPanel />
        <FiniteDifferencePanel />
        <CheckpointPanel />
        <WorkPanel />
      </main>
      <footer className="footer">
        <p>
          A deterministic toy experiment: work counts chain-step evaluations (one unit = one run of the chain) and
          ignores the constant cost of each primitive. Every figure is counted by the code that did the work, in a Web
          Worker, in this tab; nothing leaves the page.
        </p>
      </footer>
    </div>
  );
}
