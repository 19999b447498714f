import { memo, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { nodeTag, num, opWithConstant } from './labels.ts';
import type { TapeFrame, TapeStatics } from './model.ts';
import { TapeSubjectContext } from './player.ts';
import { scrollToRow, windowRows } from './windowing.ts';

/** Every row is this tall (CSS sets the same), so the window is pure arithmetic. */
export const ROW_HEIGHT = 26;
const HEADER_HEIGHT = 30;
const BOX_HEIGHT = 360;

interface TapeTableProps {
  statics: TapeStatics;
  tf: TapeFrame;
  overwrite: boolean;
  selected: number;
  hovered: number;
  /** The chain step pointed at in a figure above: its rows are highlighted; null for none. */
  linkedStep?: number | null;
  onHover: (node: number) => void;
  onSelect: (node: number) => void;
}

/**
 * The Wengert list: one row per node, in tape order, rendered a window at a time so a tape of
 * thousands of nodes scrolls smoothly. The row in play is highlighted and kept in view.
 */
export function TapeTable({ statics, tf, overwrite, selected, hovered, linkedStep = null, onHover, onSelect }: TapeTableProps) {
  const { view } = statics;
  const subject = useContext(TapeSubjectContext);
  const box = useRef<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  // Rows are seen below the sticky header, inside the box's border: measured once drawn.
  const [viewport, setViewport] = useState(BOX_HEIGHT - HEADER_HEIGHT);
  // The rows' viewport, read when the browser has laid the box out anyway (a ResizeObserver)
  // rather than in a layout effect: reading sizes there forced a layout of the whole page inside
  // the task that brought the tape, 80–260 ms with a 100,000-step chain on screen.
  useEffect(() => {
    const el = box.current;
    const head = el?.querySelector('thead');
    if (!el || !head || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => setViewport(el.clientHeight - head.getBoundingClientRect().height));
    observer.observe(el);
    observer.observe(head);
    return () => observer.disconnect();
  }, []);
  const count = view.length;

  // The row in play stays in view, with the row it sends to when both fit; so does a node picked
  // in the graph, and the first row of a step pointed at in a figure above. The offset they want
  // is worked out in the render that draws them, so a scrub's move draws its rows once, in the
  // window they will be seen in; drawing the old window and scrolling a frame later laid the
  // table out twice and re-created its rows in a second task.
  const [seen, setSeen] = useState<Followed | null>(null);
  const now: Followed = { node: tf.node, parent: tf.parent, count, viewport, selected, linkedStep };
  let top = scrollTop;
  if (seen === null || !sameFollowed(seen, now)) {
    setSeen(now);
    top = follow(seen, now, view.step, scrollTop);
    if (top !== scrollTop) setScrollTop(top);
  }
  const win = windowRows({ scrollTop: top, viewport, rowHeight: ROW_HEIGHT, count, overscan: 8 });
  // Rows are keyed by their index less a base. A window that overlaps the last one drawn keeps
  // the base, so a scroll re-creates only the rows that came into view. One that jumps clear of
  // it (a scrub's move) shifts the base by the jump, so each of its rows takes over the elements
  // of the row drawn in its place and only their text changes: creating the whole window anew
  // cost a layout of some thirty new rows per move.
  const [drawn, setDrawn] = useState({ start: win.start, end: win.end, base: 0 });
  let base = drawn.base;
  if (drawn.start !== win.start || drawn.end !== win.end) {
    if (win.start >= drawn.end || win.end <= drawn.start) base += win.start - drawn.start;
    setDrawn({ start: win.start, end: win.end, base });
  }

  // The box's offset as last written or read: never read from the DOM after a render (that
  // forces a layout). The rows of a new offset are committed at once; the offset itself is
  // written at the start of the next frame, before it is painted, where the layout it forces is
  // the frame's own (written in the commit, it made the commit a task of its own layout).
  const shown = useRef(0);
  const wanted = useRef(0);
  /** Set while the scroll event of our own write is due, so it is not taken for the reader's. */
  const own = useRef(false);
  const frame = useRef(0);
  useLayoutEffect(() => {
    wanted.current = scrollTop;
    if (shown.current === scrollTop || frame.current !== 0) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const el = box.current;
      if (!el || shown.current === wanted.current) return;
      el.scrollTop = wanted.current;
      shown.current = wanted.current;
      own.current = true;
    });
  }, [scrollTop]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const recording = tf.frame.phase === 'record';
  const recorded = tf.frame.phase === 'record' ? tf.frame.recorded : count;
  const rows = [];
  for (let i = win.start; i < win.end; i++) {
    const got = tf.shown !== null && (tf.shown.received[i] > 0 || i === view.output);
    const wrongHere = overwrite && tf.wrong !== null && tf.right !== null && !Object.is(tf.wrong.adjoint[i], tf.right.adjoint[i]);
    const cls = [
      i === tf.node ? 'current' : '',
      i === tf.parent ? 'target' : '',
      i === selected ? 'selected' : '',
      i === hovered ? 'hovered' : '',
      linkedStep !== null && view.step?.[i] === linkedStep ? 'linked' : '',
      i >= recorded ? 'future' : '',
      wrongHere ? 'wrong' : '',
    ]
      .filter(Boolean)
      .join(' ');
    rows.push(
      <Row
        key={i - base}
        i={i}
        className={cls}
        op={opWithConstant(view, i)}
        tag={nodeTag(view, i)}
        parents={parentsText(view.parent0[i], view.parent1[i])}
        partials={i < recorded ? partialsText(view.partial0[i], view.partial1[i]) : ''}
        value={i < recorded ? num(view.value[i]) : ''}
        adjoint={recording ? '' : got && tf.right ? num(tf.right.adjoint[i]) : '0'}
        untouched={!recording && !got}
        wrong={overwrite ? (recording || !tf.wrong ? '' : got ? num(tf.wrong.adjoint[i]) : '0') : null}
        diverges={overwrite && statics.diverges.has(i)}
        current={i === tf.node}
      />,
    );
  }

  return (
    <>
      <p className="tape-table-swipe" aria-hidden="true">
        Swipe the table sideways for each node’s partials, value and adjoint →
      </p>
      <div
        className="tape-table-box"
        ref={box}
        style={{ height: BOX_HEIGHT }}
        tabIndex={0}
        role="region"
        aria-label={`The ${subject ? `${subject}’s ` : ''}tape as a table (Wengert list)`}
        onScroll={(e) => {
          // Our own write's event: its offset is known, so the box is not read (a forced layout).
          if (own.current) {
            own.current = false;
            return;
          }
          shown.current = e.currentTarget.scrollTop;
          setScrollTop(shown.current);
        }}
        onClick={(e) => {
          const row = (e.target as Element).closest('tr[data-node]');
          if (row) onSelect(Number(row.getAttribute('data-node')));
        }}
        onPointerOver={(e) => {
          const row = (e.target as Element).closest('tr[data-node]');
          onHover(row ? Number(row.getAttribute('data-node')) : -1);
        }}
        onPointerLeave={() => onHover(-1)}
      >
        <table className={`tape-table in-${tf.frame.phase}${overwrite ? ' with-wrong' : ''}`} aria-rowcount={count + 1}>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col" title="The node's index on the tape">#</th>
              <th scope="col" title="The primitive, with the constant it carries">op</th>
              <th scope="col" title="Indices of the nodes it reads">parents</th>
              <th scope="col" title="Local partials ∂node/∂parent, written while recording">∂ / ∂parent</th>
              <th scope="col" title="The value computed forward">value v</th>
              <th scope="col" title="The adjoint ∂L/∂v, accumulated with += by the sweep">adjoint v̄</th>
              {overwrite ? (
                <th scope="col" className="col-wrong" title="The adjoint the sweep leaves when it overwrites with = instead">
                  wrong (=)
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {win.padTop > 0 ? <tr className="spacer" style={{ height: win.padTop }} aria-hidden="true" /> : null}
            {rows}
            {win.padBottom > 0 ? <tr className="spacer" style={{ height: win.padBottom }} aria-hidden="true" /> : null}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** What the table's offset follows: the rows to keep in view and the room they are seen in. */
interface Followed {
  node: number;
  parent: number;
  count: number;
  viewport: number;
  selected: number;
  linkedStep: number | null;
}

function sameFollowed(a: Followed, b: Followed): boolean {
  return (
    a.node === b.node &&
    a.parent === b.parent &&
    a.count === b.count &&
    a.viewport === b.viewport &&
    a.selected === b.selected &&
    a.linkedStep === b.linkedStep
  );
}

/**
 * The offset that brings into view what changed since `before` (everything, on the first
 * render): the row in play and its target, the node selected, the first row of a step pointed
 * at. Offsets already showing them are kept.
 */
function follow(before: Followed | null, now: Followed, step: Int32Array | undefined, scrollTop: number): number {
  let top = scrollTop;
  const bring = (index: number, also = -1) => {
    const to = scrollToRow({ index, also, scrollTop: top, viewport: now.viewport, rowHeight: ROW_HEIGHT, count: now.count });
    if (to !== null) top = to;
  };
  const fresh = before === null || before.count !== now.count || before.viewport !== now.viewport;
  if (fresh || before.node !== now.node || before.parent !== now.parent) bring(now.node, now.parent);
  if (fresh || before.selected !== now.selected) bring(now.selected);
  if ((fresh || before.linkedStep !== now.linkedStep) && now.linkedStep !== null && step) bring(step.indexOf(now.linkedStep));
  return top;
}

interface RowProps {
  i: number;
  className: string;
  op: string;
  tag: string;
  parents: string;
  partials: string;
  value: string;
  adjoint: string;
  untouched: boolean;
  wrong: string | null;
  diverges: boolean;
  current: boolean;
}

const Row = memo(function Row(p: RowProps) {
  return (
    <tr className={p.className} data-node={p.i} aria-rowindex={p.i + 2} aria-current={p.current ? 'step' : undefined}>
      <td className="c-index">{p.i}</td>
      <td className="c-op">
        {p.op}
        {p.tag && !p.op.includes(p.tag) ? <span className="c-tag"> {p.tag}</span> : null}
      </td>
      <td className="c-parents">{p.parents}</td>
      <td className="c-num">{p.partials}</td>
      <td className="c-num">{p.value}</td>
      <td className={`c-num c-adjoint${p.untouched ? ' untouched' : ''}`}>{p.adjoint}</td>
      {p.wrong !== null ? (
        <td className="c-num c-wrong">
          {p.diverges ? <span className="c-diverges" title="Goes wrong here: read several times, it kept only the last contribution">⚠ </span> : null}
          {p.wrong}
        </td>
      ) : null}
    </tr>
  );
});

function parentsText(p0: number, p1: number): string {
  if (p0 < 0) return '—';
  return p1 < 0 ? String(p0) : `${p0}, ${p1}`;
}

function partialsText(d0: number, d1: number): string {
  if (Number.isNaN(d0)) return '—';
  return Number.isNaN(d1) ? num(d0) : `${num(d0)}, ${num(d1)}`;
}
