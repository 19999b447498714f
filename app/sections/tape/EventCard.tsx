import { memo } from 'react';
import { formulaOf, nodeRef, nodeTag, num, opName } from '../../ui/tape/labels.ts';
import { contributionsTo, wrongInputs, type TapeFrame, type TapeStatics } from '../../ui/tape/model.ts';

/** The step in play as an equation, with the engine's numbers in it. */
export const EventCard = memo(function EventCard({ statics, tf, overwrite }: { statics: TapeStatics; tf: TapeFrame; overwrite: boolean }) {
  const { view } = statics;
  const frame = tf.frame;
  let title: string;
  let body;
  if (frame.phase === 'record' && frame.node < 0) {
    title = 'Empty tape';
    body = <p className="eq-note">Play or step forward to run the chain and record each primitive.</p>;
  } else if (frame.phase === 'record') {
    const i = frame.node;
    const p0 = view.parent0[i];
    const p1 = view.parent1[i];
    title = `Recording node ${i}`;
    body = (
      <>
        <p className="eq">
          <V i={i} /> = <Formula text={formulaOf(view, i)} /> = <b>{num(view.value[i])}</b>
        </p>
        {p0 >= 0 ? (
          <p className="eq eq-partials">
            ∂<V i={i} />/∂<V i={p0} /> = <b>{num(view.partial0[i])}</b>
            {p1 >= 0 ? (
              <>
                , ∂<V i={i} />/∂<V i={p1} /> = <b>{num(view.partial1[i])}</b>
              </>
            ) : null}
          </p>
        ) : (
          <p className="eq-note">An input: nothing to differentiate locally.</p>
        )}
        <p className="eq-note">The value and its local partials are written to the tape; the sweep will read them back.</p>
      </>
    );
  } else if (!tf.event && !tf.rightEvent) {
    title = 'Seeding the sweep';
    body = (
      <>
        <p className="eq">
          <V i={view.output} bar /> = ∂L/∂L = <b>{num(statics.seed)}</b>
        </p>
        <p className="eq-note">
          Every other adjoint starts at 0. The sweep visits the tape from the newest node to the oldest.
        </p>
      </>
    );
  } else {
    const e = (overwrite ? tf.event : null) ?? tf.rightEvent!;
    const wrongMode = overwrite && tf.event !== null;
    const uses = view.uses[e.parent];
    title = `Sweep: node ${e.node} (${opName(view, e.node)}) → node ${e.parent}`;
    body = (
      <>
        <p className="eq">
          <V i={e.parent} bar /> {wrongMode ? '=' : '+='} ∂<V i={e.node} />/∂<V i={e.parent} /> · <V i={e.node} bar />
        </p>
        <p className="eq">
          {wrongMode ? null : (
            <>
              <b>{num(e.before)}</b> +{' '}
            </>
          )}
          <b>{num(e.partial)}</b> × <b>{num(e.nodeAdjoint)}</b> = <b className="eq-result">{num(e.parentAdjoint)}</b>
        </p>
        <p className="eq-note">
          {uses > 1 ? (
            <>
              {nodeRef(view, e.parent)} is read {uses} times: this is contribution {e.ordinal} of {uses}.{' '}
              {wrongMode && e.ordinal > 1 ? (
                <span className="eq-wrong">
                  With =, the {num(e.before)} it held is thrown away; the right sweep (+=) holds{' '}
                  {num(tf.rightEvent?.parentAdjoint ?? NaN)} here.
                </span>
              ) : null}
            </>
          ) : (
            <>{nodeRef(view, e.parent)} is read once: this is its only contribution.</>
          )}
        </p>
      </>
    );
  }
  return (
    <div className="tape-card event-card">
      <h3>{title}</h3>
      {body}
    </div>
  );
});

/** The selected node: what it computes and, when it fans out, every contribution it collects. */
export const NodeCard = memo(function NodeCard({ statics, tf, node }: { statics: TapeStatics; tf: TapeFrame; node: number }) {
  const { view } = statics;
  if (node < 0 || node >= view.length) return null;
  const tag = nodeTag(view, node);
  const events = contributionsTo(view.sweep, node);
  const applied = tf.frame.phase === 'sweep' ? tf.frame.applied : 0;
  const done = events.filter((k) => k < applied);
  const total = tf.frame.phase === 'sweep' && tf.right ? tf.right.adjoint[node] : NaN;
  return (
    <div className="tape-card node-card">
      <h3>
        Node {node}
        {tag ? ` (${tag})` : ''}: {opName(view, node)}
      </h3>
      <p className="eq">
        <V i={node} /> = <Formula text={formulaOf(view, node)} /> = <b>{num(view.value[node])}</b>
      </p>
      {events.length > 0 ? (
        <>
          <p className="eq-note">
            Read {view.uses[node] === 1 ? 'once' : `${view.uses[node]} times`}, so its adjoint collects {events.length}{' '}
            {events.length === 1 ? 'contribution' : 'contributions'}:
          </p>
          <ul className="contributions">
            {events.map((k) => (
              <li key={k} className={k < applied ? 'applied' : 'pending'}>
                <span>
                  from <V i={view.sweep.node[k]} /> ({opName(view, view.sweep.node[k])})
                </span>
                <span className="num">
                  {num(view.sweep.partial[k])} × {num(view.sweep.nodeAdjoint[k])} = <b>{num(view.sweep.contribution[k])}</b>
                </span>
              </li>
            ))}
          </ul>
          <p className="eq">
            <V i={node} bar /> ={' '}
            {tf.frame.phase === 'sweep' ? (
              <>
                <b>{num(total)}</b> after {done.length} of {events.length}
              </>
            ) : (
              'not swept yet'
            )}
          </p>
        </>
      ) : node === view.output ? (
        <p className="eq-note">The output: the sweep starts here with v̄ = {num(statics.seed)}.</p>
      ) : null}
    </div>
  );
});

/** With the pitfall on: how wrong the overwriting sweep's gradient comes out, and where it starts. */
export const PitfallNote = memo(function PitfallNote({ statics }: { statics: TapeStatics }) {
  const { view } = statics;
  const { wrong, inputs } = wrongInputs(view);
  const first = view.divergesAt.length > 0 ? view.divergesAt[view.divergesAt.length - 1] : -1;
  return (
    <div className="tape-card pitfall-card" role="note">
      <h3>The accumulate pitfall</h3>
      <p>
        Writing <code>adj[parent] = …</code> instead of <code>+=</code> keeps only the last contribution a node receives.{' '}
        {wrong.length > 0 ? (
          <>
            Here <b>{wrong.length} of {inputs}</b> input gradients come out wrong. It first goes wrong at{' '}
            <b>{nodeRef(view, first)}</b>, read {view.uses[first]} times; {view.divergesAt.length}{' '}
            {view.divergesAt.length === 1 ? 'node is' : 'nodes are'} marked ⚠ where a fan-out lost contributions, and
            everything upstream inherits the error.
          </>
        ) : (
          <>No node is read twice with a non-zero adjoint, so here both sweeps agree.</>
        )}
      </p>
    </div>
  );
});

/** v with node index i as a subscript (v̄ for its adjoint). */
function V({ i, bar = false }: { i: number; bar?: boolean }) {
  return (
    <span className="v">
      {bar ? 'v̄' : 'v'}
      <sub>{i}</sub>
    </span>
  );
}

/** A formula from labels.ts, its Unicode subscript digits set as <sub> for legibility. */
function Formula({ text }: { text: string }) {
  return (
    <>
      {text.split(/([₀-₉]+)/).map((part, k) =>
        k % 2 === 1 ? <sub key={k}>{[...part].map((d) => '₀₁₂₃₄₅₆₇₈₉'.indexOf(d)).join('')}</sub> : part,
      )}
    </>
  );
}
