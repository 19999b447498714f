import { useEffect, useState } from 'react';
import { slideKey, type KeyLike } from './keys.ts';

/** What the key handler needs of the presenter: where to go, and how to leave. */
export interface PresentMoves {
  step(direction: 1 | -1): void;
  leave(): void;
  /** O: the overview, or back to the chapter it was opened from. */
  overview(): void;
  /** N: the speaker-notes window. */
  notes(): void;
}

/** The parts of the focused element the key mapping reads. */
function targetOf(node: EventTarget | null): KeyLike['target'] {
  const el = node instanceof HTMLElement ? node : null;
  return {
    tag: el?.tagName ?? 'BODY',
    type: el instanceof HTMLInputElement ? el.type : undefined,
    role: el?.getAttribute('role'),
    editable: el?.isContentEditable ?? false,
  };
}

/** A field the lecturer types into keeps its focus after a click; every other control lets it go. */
function keepsFocus(el: Element | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  if (!(el instanceof HTMLInputElement)) return false;
  return !['range', 'radio', 'checkbox', 'button', 'submit', 'reset', 'color', 'file'].includes(el.type);
}

/**
 * The presenter's keys (app/ui/teach/keys.ts says which). They are heard first, in the capture
 * phase, so a focused slider or choice never takes a clicker's PageDown for its own; and a control
 * clicked with the mouse gives its focus back to the page, so the next Space or arrow turns the
 * slide instead of pressing that control again. Returns whether the screen is blanked (B or .).
 */
export function usePresentKeys(active: boolean, moves: PresentMoves): [boolean, (blank: boolean) => void] {
  const [blank, setBlank] = useState(false);
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      const action = slideKey({
        key: event.key,
        altKey: event.altKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        target: targetOf(event.target),
      });
      if (!action) return;
      event.preventDefault();
      event.stopPropagation();
      if (action === 'blank') return setBlank((b) => !b);
      setBlank(false);
      if (action === 'leave') moves.leave();
      else if (action === 'overview') moves.overview();
      else if (action === 'notes') moves.notes();
      else moves.step(action === 'next' ? 1 : -1);
    };
    const onPointerUp = (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      // After the click has done its work (a choice committed, a slider moved), not during it: in
      // the next task, which a page that draws no frames (hidden, or starved) still runs.
      setTimeout(() => {
        const el = document.activeElement;
        if (el instanceof HTMLElement && el !== document.body && !keepsFocus(el)) el.blur();
      }, 0);
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerup', onPointerUp, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerup', onPointerUp, true);
    };
  }, [active, moves]);
  return [blank && active, setBlank];
}
