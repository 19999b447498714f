import type { ExpressionPreset } from '../../../engine/expr/presets.ts';
import { useLab } from '../../state/store/index.ts';
import { matchingPreset } from './resultView.ts';

/** The prepared expressions as buttons; the one on screen is pressed. */
export function Presets({ presets }: { presets: readonly ExpressionPreset[] }) {
  const source = useLab((s) => s.exprSource);
  const values = useLab((s) => s.exprValues);
  const load = useLab((s) => s.loadExpression);
  const current = matchingPreset(presets, source, values);
  if (presets.length === 0) return <div className="presets placeholder" aria-hidden="true" />;
  return (
    <div className="presets" role="group" aria-label="Presets">
      <span className="presets-label" aria-hidden="true">
        Presets
      </span>
      {presets.map((p) => (
        <button
          key={p.id}
          type="button"
          className="preset"
          aria-pressed={current?.id === p.id}
          onClick={() => load(p.expression, p.at, Object.keys(p.at))}
        >
          {p.title}
        </button>
      ))}
    </div>
  );
}

/** What the preset on screen is there to show. */
export function PresetNote({ presets }: { presets: readonly ExpressionPreset[] }) {
  const source = useLab((s) => s.exprSource);
  const values = useLab((s) => s.exprValues);
  const current = matchingPreset(presets, source, values);
  if (!current) return null;
  return (
    <div className="preset-note">
      <h3>{current.title}</h3>
      <p>{current.explanation}</p>
    </div>
  );
}
