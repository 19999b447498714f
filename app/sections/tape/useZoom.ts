import { interpolate, select, zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Zoom limits: far enough out to see a long chain whole, close enough to read a node easily. */
export const MIN_SCALE = 0.04;
export const MAX_SCALE = 2.5;

export interface ZoomControls {
  /** Multiplies the scale by `factor` about the viewport's centre. */
  zoomBy(factor: number): void;
  /** Fits a box of the graph into the viewport. */
  fit(box: { x: number; y: number; w: number; h: number }): void;
  /**
   * Pans so that graph point (x, y) is in view with a margin; does nothing when it already is.
   * `animate` false jumps (a scrub moves faster than a pan could follow).
   */
  reveal(x: number, y: number, margin?: number, animate?: boolean): void;
  /** Centres graph point (x, y) at scale k. */
  centre(x: number, y: number, k?: number): void;
}

/**
 * d3-zoom on an SVG: drag to pan, ctrl/⌘ + wheel or pinch to zoom, a sideways wheel pans. The
 * transform is written straight onto `layer` (no React render per frame of a drag); `animate`
 * false (reduced motion) makes every programmatic move a jump.
 */
export function useZoom(
  svg: RefObject<SVGSVGElement | null>,
  layer: RefObject<SVGGElement | null>,
  size: { width: number; height: number },
  animate: boolean,
  /** Whether the SVG is mounted (the zoom attaches when it is). */
  mounted: boolean,
  /** The graph's size: panning stops a little past its edges. */
  bounds: { width: number; height: number },
  /** Told the transform after every change (at most once an animation frame). */
  onTransform?: (t: ZoomTransform) => void,
): ZoomControls {
  const behaviour = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const current = useRef<ZoomTransform>(zoomIdentity);
  /**
   * Where the view is going: the end of a programmatic move still in flight, else the view itself.
   * Moves are planned from here, so quick steps never settle on a frame from the middle of a pan.
   */
  const goal = useRef<ZoomTransform>(zoomIdentity);
  // The latest arguments, for the zoom's own handlers and the controls (called from events and
  // effects, which run after this).
  const sizeRef = useRef(size);
  const animateRef = useRef(animate);
  const boundsRef = useRef(bounds);
  const tell = useRef(onTransform);
  useLayoutEffect(() => {
    sizeRef.current = size;
    animateRef.current = animate;
    boundsRef.current = bounds;
    tell.current = onTransform;
  });

  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    let frame = 0;
    const z = zoom<SVGSVGElement, unknown>()
      .scaleExtent([MIN_SCALE, MAX_SCALE])
      // Plain vertical wheel scrolls the page; ctrl/⌘ + wheel (and pinch, which arrives as one) zooms.
      .filter((event: Event) => {
        if (event.type === 'wheel') return (event as WheelEvent).ctrlKey || (event as WheelEvent).metaKey;
        return !(event as MouseEvent).button;
      })
      // Straight-line moves: the default (van Wijk) zooms out in mid-flight on long pans.
      .interpolate(interpolate)
      .on('zoom', (event: { transform: ZoomTransform; sourceEvent: Event | null }) => {
        current.current = event.transform;
        // A drag or a wheel takes over from any planned move.
        if (event.sourceEvent) goal.current = event.transform;
        layer.current?.setAttribute('transform', event.transform.toString());
        if (frame === 0) {
          frame = requestAnimationFrame(() => {
            frame = 0;
            tell.current?.(current.current);
          });
        }
      });
    behaviour.current = z;
    setExtent(z, boundsRef.current);
    const selection = select(el);
    selection.call(z).on('dblclick.zoom', null);
    selection.call(z.transform, current.current);
    // A sideways wheel (trackpad swipe, shift + wheel) pans along the chain.
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || event.metaKey) return;
      const dx = event.deltaX !== 0 ? event.deltaX : event.shiftKey ? event.deltaY : 0;
      if (dx === 0 || Math.abs(event.deltaY) > Math.abs(event.deltaX) * 2 && !event.shiftKey) return;
      event.preventDefault();
      z.translateBy(selection, -dx / current.current.k, 0);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('wheel', onWheel);
      selection.on('.zoom', null);
      selection.interrupt();
    };
  }, [svg, layer, mounted]);

  const { width: graphWidth, height: graphHeight } = bounds;
  useEffect(() => {
    if (behaviour.current) setExtent(behaviour.current, { width: graphWidth, height: graphHeight });
  }, [graphWidth, graphHeight]);

  // Made once: the controls read the refs above when called, so they never go stale.
  const [controls] = useState<ZoomControls>(() => {
    const apply = (wanted: ZoomTransform, duration = 280) => {
      const el = svg.current;
      const z = behaviour.current;
      if (!el || !z) return;
      // Programmatic moves obey the same limits as dragging.
      const { width, height } = sizeRef.current;
      const t = z.constrain()(wanted, [[0, 0], [width, height]], z.translateExtent());
      goal.current = t;
      const selection = select(el);
      if (animateRef.current && duration > 0) selection.transition().duration(duration).call(z.transform, t);
      else {
        selection.interrupt();
        selection.call(z.transform, t);
      }
    };
    return {
      zoomBy(factor) {
        const { width, height } = sizeRef.current;
        const t = goal.current;
        const k = Math.max(MIN_SCALE, Math.min(MAX_SCALE, t.k * factor));
        const cx = (width / 2 - t.x) / t.k;
        const cy = (height / 2 - t.y) / t.k;
        apply(zoomIdentity.translate(width / 2 - cx * k, height / 2 - cy * k).scale(k), 200);
      },
      fit(box) {
        const { width, height } = sizeRef.current;
        // A small graph is zoomed in to fill the box, up to the largest scale.
        const k = Math.max(MIN_SCALE, Math.min(MAX_SCALE, (width - 16) / box.w, (height - 16) / box.h));
        apply(zoomIdentity.translate(width / 2 - (box.x + box.w / 2) * k, height / 2 - (box.y + box.h / 2) * k).scale(k), 350);
      },
      reveal(x, y, margin = 70, animate = true) {
        const { width, height } = sizeRef.current;
        const t = goal.current;
        const sx = t.applyX(x);
        const sy = t.applyY(y);
        const m = Math.min(margin, width / 4);
        if (sx >= m && sx <= width - m && sy >= 0 && sy <= height) return;
        apply(zoomIdentity.translate(width / 2 - x * t.k, sy >= 0 && sy <= height ? t.y : height / 2 - y * t.k).scale(t.k), animate ? 280 : 0);
      },
      centre(x, y, k) {
        const { width, height } = sizeRef.current;
        const scale = k ?? goal.current.k;
        apply(zoomIdentity.translate(width / 2 - x * scale, height / 2 - y * scale).scale(scale), 0);
      },
    };
  });
  return controls;
}

/** Panning stops 40 px past the graph's edges (d3 centres a graph smaller than the viewport). */
function setExtent(z: ZoomBehavior<SVGSVGElement, unknown>, bounds: { width: number; height: number }) {
  const pad = 40;
  z.translateExtent([
    [-pad, -pad],
    [bounds.width + pad, bounds.height + pad],
  ]);
}
