import './tapeList.css';
import type { PlaygroundResult } from '../../../engine/expr/playground.ts';
import type { TapeFrame } from './model.ts';
import { formulaOf, num, v } from './labels.ts';
import { nodeWords } from './words.ts';

interface TapeListProps {
  /** The tape and the source text of each node (a playground result, or a practice problem's). */
  result: Pick<PlaygroundResult, 'tape' | 'labels'>;
  tf: TapeFrame;
  /** Show the adjoint column (the backward sweep). */
  adjoints: boolean;
}

/**
 * The tape as the list it is: one row per recorded node, with what it computed, its value and its
 * receipts (the local partials for each value it read); during the sweep, each node's adjoint.
 */
export function TapeList({ result, tf, adjoints }: TapeListProps) {
  const view = result.tape;
  const recorded = tf.frame.phase === 'record' ? tf.frame.recorded : view.length;
  const adj = tf.shown;
  const rows = Array.from({ length: recorded }, (_, i) => i);
  const current = tf.frame.phase === 'record' ? tf.frame.node : tf.parent;
  return (
    // A narrow screen scrolls the table within its own box; the page itself never scrolls sideways.
    <div className="table-scroll">
      <table className="lesson-table tape-list">
        <caption className="sr-only">The tape: one row per primitive, with its local partials</caption>
        <thead>
          <tr>
            <th scope="col">node</th>
            <th scope="col">computes</th>
            <th scope="col">value</th>
            <th scope="col">local partials</th>
            {adjoints ? <th scope="col">adjoint v̄</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((i) => {
            const receipts: string[] = [];
            if (view.parent0[i] >= 0) receipts.push(`∂/∂${v(view.parent0[i])} = ${num(view.partial0[i])}`);
            if (view.parent1[i] >= 0) receipts.push(`∂/∂${v(view.parent1[i])} = ${num(view.partial1[i])}`);
            const reached = adj && (adj.received[i] > 0 || i === view.output);
            return (
              <tr key={i} className={[i === current ? 'in-play' : '', view.parent0[i] < 0 ? 'input-row' : ''].filter(Boolean).join(' ') || undefined}>
                <th scope="row">{v(i)}</th>
                <td>
                  {view.parent0[i] >= 0 ? formulaOf(view, i).replace(/^log\(/, "ln(") : `${view.name[i]}, an input`}
                  {view.parent0[i] >= 0 ? <span className="words"> ({nodeWords(result, i)})</span> : null}
                </td>
                <td>{num(view.value[i])}</td>
                {/* Each partial is kept whole on a line: a narrow column breaks between them, never inside one. */}
                <td>
                  {receipts.length === 0
                    ? '—'
                    : receipts.map((r, k) => (
                        <span key={k}>
                          {k > 0 ? ', ' : null}
                          <span className="whole">{r}</span>
                        </span>
                      ))}
                </td>
                {adjoints ? <td className="adj">{reached ? num(adj.adjoint[i]) : ''}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
