import './tapeTable.css';
import { memo, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { nodeTag, num, opWithConstant } from '../../ui/tape/labels.ts';
import type { TapeFrame, TapeStatics } from '../../ui/tape/model.ts';
import { TapeSubjectContext } from './player.ts';
import { followOffset, rowKeyBase, sameFollowed, windowRows, type Followed, type KeyedWindow } from './windowing.ts';

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
export const TapeTable = memo(function TapeTable({ statics, tf, overwrite, selected, hovered, linkedStep = null, onHover, onSelect }: TapeTableProps) {
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
  // in the graph, and the first row of a step pointed at in a figure above. The offset they need
  // is worked out in the render that draws the rows, so a scrub's move draws its rows once, in
  // the window they will be seen in. (Drawing the old window, then scrolling a frame later, laid
  // the table out twice and made its rows again in a second task.)
  const [seen, setSeen] = useState<Followed | null>(null);
  const linked = useMemo(() => (linkedStep !== null && view.step ? view.step.indexOf(linkedStep) : -1), [linkedStep, view.step]);
  const now: Followed = { node: tf.node, parent: tf.parent, count, selected, linked };
  let top = scrollTop;
  if (seen === null || !sameFollowed(seen, now)) {
    setSeen(now);
    top = followOffset(seen, now, { scrollTop, viewport, rowHeight: ROW_HEIGHT });
    if (top !== scrollTop) setScrollTop(top);
  }
  const win = windowRows({ scrollTop: top, viewport, rowHeight: ROW_HEIGHT, count, overscan: 8 });
  // Rows are keyed by their index less a base (windowing.ts): a scroll makes only the rows that
  // came into view, and a scrub's jump reuses the rows it leaves, changing only their text.
  const [drawn, setDrawn] = useState<KeyedWindow>({ start: win.start, end: win.end, base: 0 });
  const base = rowKeyBase(drawn, win.start, win.end);
  if (drawn.start !== win.start || drawn.end !== win.end) setDrawn({ start: win.start, end: win.end, base });

  // The box's offset, as last written or read from a scroll event: never read from the DOM after
  // a render, which would force a layout. A new offset's rows are committed at once. The offset
  // itself is written at the start of the next frame, before that frame is painted, so the
  // layout it forces is the frame's own. (Written in the commit, the commit did that layout.)
  const shown = useRef(0);
  /** The offset to write at the next frame. */
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
  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    },
    [],
  );

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
          // The reader's scroll wins over a write still waiting for its frame.
          shown.current = wanted.current = e.currentTarget.scrollTop;
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
});

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
