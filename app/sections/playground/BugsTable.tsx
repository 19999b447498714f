import type { PlaygroundResult } from '../../../engine/expr/playground.ts';
import { formatBytes } from '../../ui/format.ts';
import { gradientText } from './resultView.ts';
import { PYTORCH_VERSION } from '../../../engine/bugs/pytorch-version.ts';

/** A buggy value's cell class: grey where the bug changes nothing here (or has no value), red where it does. */
function cellClass(buggy: number | null, right: number, kind: string): string {
  // No value (detach where nothing reads v) changes nothing either.
  return `pg-bug-${kind} ${buggy === null || Object.is(buggy, right) ? 'muted' : 'wrong'}`;
}

/**
 * "Bugs you will meet" on the expression in the field: per input the right ∂f/∂v and what each
 * bug that applies gives instead, then the two a framework refuses, with its error. Every number
 * comes from the engine's run on this expression's tape (engine/bugs/expr-bugs.ts).
 */
export function BugsTable({ result }: { result: PlaygroundResult }) {
  const { rows, inPlace, retainGraph } = result.bugs;
  if (rows.length === 0) return null;
  return (
    <div className="pg-bugs">
      <h3>The bugs you will meet, on this expression</h3>
      <div className="pg-bugs-wrap">
        <table className="pg-bugs-table">
          <caption>∂f/∂v at this point, right and with each bug, all from this expression’s tape.</caption>
          <thead>
            <tr>
              <th scope="col">variable</th>
              <th scope="col" className="m-reverse">
                right <span className="th-note">(+=, .grad cleared)</span>
              </th>
              <th scope="col" className="wrong-col">
                zero-grad <span className="th-note">(two backward(), no zero_grad())</span>
              </th>
              <th scope="col" className="wrong-col">
                overwrite <span className="th-note">(= instead of +=)</span>
              </th>
              <th scope="col" className="wrong-col">
                detach <span className="th-note">(v.detach() at its first use)</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name}>
                <th scope="row" className="var-cell">
                  {r.name}
                </th>
                <td className="pg-bug-right m-reverse" data-label="right">
                  {gradientText(r.right)}
                </td>
                <td className={cellClass(r.zeroGrad, r.right, 'zero')} data-label="zero-grad">
                  {gradientText(r.zeroGrad)}
                </td>
                <td className={cellClass(r.overwrite, r.right, 'overwrite')} data-label="overwrite">
                  {gradientText(r.overwrite)}
                </td>
                <td className={cellClass(r.detach, r.right, 'detach')} data-label="detach">
                  {r.detach === null ? (
                    <span className="pg-bug-use">nothing reads {r.name}</span>
                  ) : (
                    <>
                      <span className="num">{gradientText(r.detach)}</span>
                      <span className="pg-bug-use"> in {r.firstUseLabel}</span>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="grad-cost">
        backward() adds each sweep’s gradient into .grad, so two calls without zero_grad() give exactly twice the right
        value. A sweep that writes = keeps, for a value used more than once, only the contribution written last. A
        detached copy carries no gradient back, so the use it replaces adds nothing.
      </p>
      <div className="pg-bug-errors">
        {inPlace ? (
          <div className="pg-bug-error pg-bug-inplace" role="note">
            <p>
              in-place: <code>{inPlace.label}</code> is saved for the sweep; changed in place after it was taped, backward() is
              refused (PyTorch {PYTORCH_VERSION}’s text, word for word):
            </p>
            <pre>
              <code>{`h = ${inPlace.label}\nh.mul_(${inPlace.factor})  # in place, after it was taped\nf.backward()\nRuntimeError: ${inPlace.error}`}</code>
            </pre>
          </div>
        ) : (
          <p className="grad-cost pg-bug-inplace-none">
            in-place: no rule here saves an intermediate value (in a sum of inputs, say), so there is no saved tensor to
            change. (As PyTorch {PYTORCH_VERSION} does, the lab saves the operands of mul, div, sin and the like, and the
            results of tanh, exp, sqrt and relu.)
          </p>
        )}
        <div className="pg-bug-error pg-bug-retain" role="note">
          <p>
            retain-graph: the first backward() frees the tensors each rule saved; a second one is refused (keeping them with
            retain_graph=True costs <span className="pg-bug-bytes">{formatBytes(retainGraph.bytes)}</span> here; PyTorch{' '}
            {PYTORCH_VERSION}’s text):
          </p>
          <pre>
            <code>{`f.backward()\nf.backward()\nRuntimeError: ${retainGraph.error}`}</code>
          </pre>
        </div>
      </div>
    </div>
  );
}
