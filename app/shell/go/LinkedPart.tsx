import { useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { useLab } from '../../state/store/index.ts';
import { useScrollWhenLinked } from '../useScrollWhenLinked.ts';
import type { GoTarget } from '../../state/store/types.ts';

interface LinkedPartProps {
  /** The `sectionLinked` count that brings it into view. */
  section: GoTarget;
  /** Where in the part to land, once it is on the page (the part itself until then, or without it). */
  within?: (part: Element) => Element | null;
  /** The part: exactly one element. */
  children: ReactNode;
}

/**
 * Brings a section that does not follow `go=` itself into view when a link asks for it: the part
 * is the element rendered just before the hidden marker, so this adds no box to the page (and an
 * OnScreenGate around it still finds its part first).
 */
export function LinkedPart({ section, within, children }: LinkedPartProps) {
  const marker = useRef<HTMLSpanElement>(null);
  const linked = useLab((s) => s.sectionLinked[section] ?? 0);
  const { target, arrived } = useMemo(() => {
    const part = () => {
      // Skip the markers of LinkedParts nested inside this one: the part is the element before them.
      let el = marker.current?.previousElementSibling ?? null;
      while (el?.hasAttribute('data-linked-marker')) el = el.previousElementSibling;
      return el;
    };
    const inner = () => {
      const el = part();
      return el && within ? within(el) : null;
    };
    const target: RefObject<HTMLElement | null> = {
      get current() {
        return (inner() ?? part()) as HTMLElement | null;
      },
    };
    // Where to land is inside the part: it has come once its section's code has drawn it.
    return { target, arrived: () => !within || inner() !== null };
  }, [within]);
  useScrollWhenLinked(target, linked, `go-${section}`, arrived);
  return (
    <>
      {children}
      <span ref={marker} hidden data-linked-marker="" />
    </>
  );
}
