import './playground.css';
import { useEffect, useMemo, useState } from 'react';
import type { ExpressionPreset } from '../../../engine/expr/presets.ts';
import type { PlaygroundResult } from '../../../engine/expr/playground.ts';
import { useLab } from '../../state/store/index.ts';
import { PlayerContext, TapeSubjectContext } from '../tape/player.ts';
import { TapeLab } from '../tape/TapeLab.tsx';
import { exprEngine } from '../../../workers/playground/host.ts';
import { ExpressionField } from './ExpressionField.tsx';
import { BugsTable } from './BugsTable.tsx';
import { GradientTable } from './GradientTable.tsx';
import { createExprPlayer } from './exprPlayer.ts';
import { PresetNote, Presets } from './Presets.tsx';
import { formatBytes } from '../../ui/format.ts';
import { gradientText, resultSentence, shownTapeOf } from './resultView.ts';
import { VariableControls } from './VariableControls.tsx';
import { Warnings } from './Warnings.tsx';
import { Gallery, GalleryNote } from './Gallery.tsx';
import { TraceView } from './TraceView.tsx';
import { PracticeOnThis } from './PracticeOnThis.tsx';
import { startPlayground } from './playgroundSync.ts';

/** The expression's player: one for the page, so the place on the tape survives a remount. */
const player = createExprPlayer();

/** The playground's body (loaded when its section first comes into view), wired to its worker while mounted. */
export function Playground() {
  useEffect(() => startPlayground(useLab, exprEngine), []);
  const presets = usePresets();
  const result = useLab((s) => s.exprResult);
  return (
    <div className="playground">
      <Presets presets={presets} />
      <Gallery />
      <div className="pg-inputs">
        <ExpressionField />
        <VariableControls />
      </div>
      {result ? <Results result={result} presets={presets} /> : <p className="tape-placeholder">Evaluating…</p>}
    </div>
  );
}

function Results({ result, presets }: { result: PlaygroundResult; presets: readonly ExpressionPreset[] }) {
  const source = useLab((s) => s.exprSource);
  const view = useMemo(() => shownTapeOf(result), [result]);
  useEffect(() => player.getState().showTape(view), [view]);
  const stale = result.source !== source;
  return (
    <>
      <div className={`pg-result${stale ? ' stale' : ''}`}>
        <p className="pg-value">
          <span className="pg-f">
            f({result.variables.join(', ')}) = <code>{result.isProgram ? (result.labels[result.tape.output] ?? '') : result.source}</code>
          </span>{' '}
          = <b>{gradientText(result.value)}</b>
        </p>
        <p className="pg-tape-size">
          Tape: {result.tape.length} nodes, {formatBytes(result.bytes)} with adjoints
        </p>
        {stale ? <p className="pg-stale">These figures are for the last expression that parsed, not the text in the field.</p> : null}
        <p className="sr-only" aria-live="polite" aria-atomic="true">
          {resultSentence(result)}
        </p>
      </div>
      <GradientTable result={result} />
      <PracticeOnThis result={result} />
      <BugsTable result={result} />
      <div className="pg-notes">
        <Warnings result={result} onNode={(node) => player.getState().select(node)} />
        <PresetNote presets={presets} />
        <GalleryNote result={result} />
      </div>
      <TraceView result={result} />
      <div className="pg-tape">
        <h3>Its tape, recorded and swept</h3>
        <PlayerContext.Provider value={player}>
          <TapeSubjectContext.Provider value="expression">
            <TapeLab />
          </TapeSubjectContext.Provider>
        </PlayerContext.Provider>
      </div>
    </>
  );
}

/** The engine's presets, asked of the worker once. */
function usePresets(): readonly ExpressionPreset[] {
  const [presets, setPresets] = useState<readonly ExpressionPreset[]>([]);
  useEffect(() => {
    let live = true;
    exprEngine.presets().then(
      (p) => live && setPresets(p),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return presets;
}
