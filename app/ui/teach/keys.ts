/** What a key does in presentation mode. */
export type SlideKey = 'next' | 'previous' | 'leave' | 'blank' | 'overview' | 'notes' | null;

/** The parts of a key event the mapping reads. */
export interface KeyLike {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  /** The focused element's tag (upper case), type, role and whether it is editable. */
  target: { tag: string; type?: string; role?: string | null; editable?: boolean };
}

/** Elements whose own keys win: text fields, sliders, radio buttons (arrows move the choice), menus. */
function ownsKeys(t: KeyLike['target'], key: string): boolean {
  if (t.editable || t.tag === 'TEXTAREA' || t.tag === 'SELECT') return true;
  if (t.role === 'slider' || t.role === 'radio' || t.role === 'spinbutton' || t.role === 'textbox') return true;
  if (t.tag === 'INPUT') {
    const type = (t.type ?? 'text').toLowerCase();
    if (type === 'checkbox' || type === 'button' || type === 'submit') return key === ' ';
    return true;
  }
  // Space presses a focused button or follows a focused link.
  if (key === ' ' && (t.tag === 'BUTTON' || t.tag === 'A' || t.tag === 'SUMMARY' || t.role === 'button')) return true;
  return false;
}

/** Text that spans lines, where PageDown and PageUp move the caret or scroll the text. */
function multiLine(t: KeyLike['target']): boolean {
  return t.editable === true || t.tag === 'TEXTAREA';
}

/**
 * Presentation keys. PageDown and PageUp (what a clicker sends) go on and back wherever focus is,
 * a slider or a choice included, except in text that spans lines. → Space go on and ← goes back
 * when focus is not in a control that uses them. B or . blanks the screen (and shows it again), as
 * presentation software does; O shows the overview (and hides it again); N opens the speaker
 * notes; Esc leaves.
 */
export function slideKey(event: KeyLike): SlideKey {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.key === 'Escape') return 'leave';
  if (event.key === 'PageDown' || event.key === 'PageUp') {
    if (multiLine(event.target)) return null;
    return event.key === 'PageDown' ? 'next' : 'previous';
  }
  if (event.key === 'b' || event.key === 'B' || event.key === '.') {
    return ownsKeys(event.target, event.key) ? null : 'blank';
  }
  if (event.key === 'o' || event.key === 'O' || event.key === 'n' || event.key === 'N') {
    if (ownsKeys(event.target, event.key)) return null;
    return event.key.toLowerCase() === 'o' ? 'overview' : 'notes';
  }
  const next = event.key === 'ArrowRight' || (event.key === ' ' && !event.shiftKey);
  const previous = event.key === 'ArrowLeft' || (event.key === ' ' && event.shiftKey);
  if (!next && !previous) return null;
  if (ownsKeys(event.target, event.key)) return null;
  return next ? 'next' : 'previous';
}
