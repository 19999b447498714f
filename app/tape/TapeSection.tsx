import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { useLab } from '../store/index.ts';

/** The panel's body, with the graph, the player and the table: fetched when first needed. */
const TapeLab = lazy(() => import('./TapeLab.tsx').then((m) => ({ default: m.TapeLab })));

/**
 * "The tape": the chain's Wengert list recorded and swept step by step. The section is always on
 * the page; its body is loaded, and the tape recorded by the worker, only once it comes near the
 * screen, so the sliders above never wait for it.
 */
export function TapeSection() {
  const id = useId();
  const ref = useRef<HTMLElement | null>(null);
  const wanted = useLab((s) => s.tapeWanted);
  const setWanted = useLab((s) => s.setTapeWanted);
  useEffect(() => {
    const el = ref.current;
    if (wanted || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setWanted(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setWanted(true);
    }, { rootMargin: '400px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [wanted, setWanted]);
  return (
    <section ref={ref} className="panel tape-panel" aria-labelledby={id}>
      <h2 id={id}>
        <span className="swatch swatch-reverse" aria-hidden="true" />
        The tape
      </h2>
      <p className="caption">
        Each primitive the chain runs is one node on the tape, its value and local partials written as it runs forward.
        The sweep then reads the tape backward, and blame flows along the same edges the values came:
        adj[parent] += ∂node/∂parent · adj[node]. A node read several times collects one contribution per read.
      </p>
      {wanted ? (
        <Suspense fallback={<p className="tape-placeholder">Loading the tape panel…</p>}>
          <TapeLab />
        </Suspense>
      ) : (
        <p className="tape-placeholder">The tape is recorded when this panel comes into view.</p>
      )}
    </section>
  );
}
