import type { PlaygroundResult } from '../../../engine/expr/playground.ts';
import { SourceEcho } from './SourceEcho.tsx';

/**
 * The engine's warnings in plain words, each beside the part of the expression it is about and
 * with a button that picks its node on the tape.
 */
export function Warnings({ result, onNode }: { result: PlaygroundResult; onNode: (node: number) => void }) {
  if (result.warnings.length === 0) return null;
  return (
    <ul className="expr-warnings">
      {result.warnings.map((w) => (
        <li key={`${w.node}:${w.message}`} className={`expr-warning ${w.kind}`}>
          <p>
            <strong>{w.kind === 'domain' ? 'Outside the domain' : 'A convention decides'}:</strong> {w.message}.
          </p>
          <div className="warning-where">
            <SourceEcho source={result.source} spans={[w.span]} />
            <button type="button" className="link-button" onClick={() => onNode(w.node)}>
              Show node {w.node} on the tape
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
