import { memo, useContext, useEffect, useRef, useState } from 'react';
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
  const win = windowRows({ scrollTop, viewport, rowHeight: ROW_HEIGHT, count, overscan: 8 });

  // The box's scroll offset as last seen or set: read here, never from the DOM (a read of
  // scrollTop after a render forces a layout). A scroll wanted waits for the next frame, so a
  // scrub that moves many rows a second writes scrollTop at most once a frame.
  const scrolled = useRef(0);
  /** The offset the box has, as far as we know; `own` while the scroll event of our write is due. */
  const shown = useRef(0);
  const own = useRef(false);
  const frame = useRef(0);
  const keep = (index: number, also = -1) => {
    const top = scrollToRow({ index, also, scrollTop: scrolled.current, viewport, rowHeight: ROW_HEIGHT, count });
    if (top === null) return;
    scrolled.current = top;
    if (frame.current === 0) {
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        const el = box.current;
        if (el && shown.current !== scrolled.current) {
          el.scrollTop = scrolled.current;
          shown.current = scrolled.current;
          own.current = true;
        }
        setScrollTop(scrolled.current);
      });
    }
  };
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  // The row in play stays in view, with the row it sends to when both fit; so does a node picked
  // in the graph.
  useEffect(() => keep(tf.node, tf.parent), [tf.node, tf.parent, count]);
  useEffect(() => keep(selected), [selected]);
  // A step pointed at in a figure above brings its first row into view.
  useEffect(() => {
    if (linkedStep === null || !view.step) return;
    const first = view.step.indexOf(linkedStep);
    if (first >= 0) keep(first);
  }, [linkedStep]);

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
        key={i}
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
          scrolled.current = shown.current = e.currentTarget.scrollTop;
          setScrollTop(scrolled.current);
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
