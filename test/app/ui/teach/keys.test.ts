import { describe, expect, it } from 'vitest';
import { slideKey, type KeyLike } from '../../../../app/ui/teach/keys.ts';

const press = (key: string, target: KeyLike['target'] = { tag: 'BODY' }, mods: Partial<KeyLike> = {}) =>
  slideKey({ key, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, target, ...mods });

describe('presentation keys', () => {
  it('go on with → PageDown Space and back with ← PageUp; Esc leaves', () => {
    expect(['ArrowRight', 'PageDown', ' '].map((k) => press(k))).toEqual(['next', 'next', 'next']);
    expect(['ArrowLeft', 'PageUp'].map((k) => press(k))).toEqual(['previous', 'previous']);
    expect(press(' ', { tag: 'BODY' }, { shiftKey: true })).toBe('previous');
    expect(press('Escape')).toBe('leave');
    expect(press('a')).toBeNull();
    expect(press('ArrowRight', { tag: 'BODY' }, { ctrlKey: true })).toBeNull();
  });

  it('leave text fields, sliders and radio buttons their own keys', () => {
    expect(press('ArrowRight', { tag: 'INPUT', type: 'range' })).toBeNull();
    expect(press('ArrowRight', { tag: 'DIV', role: 'slider' })).toBeNull();
    expect(press(' ', { tag: 'INPUT', type: 'text' })).toBeNull();
    expect(press('ArrowLeft', { tag: 'TEXTAREA' })).toBeNull();
    expect(press('ArrowRight', { tag: 'INPUT', type: 'radio' })).toBeNull();
    expect(press('ArrowRight', { tag: 'DIV', editable: true })).toBeNull();
  });

  it('let Space press a focused button, but arrows and PageDown still turn the page there', () => {
    expect(press(' ', { tag: 'BUTTON' })).toBeNull();
    expect(press(' ', { tag: 'A' })).toBeNull();
    expect(press(' ', { tag: 'INPUT', type: 'checkbox' })).toBeNull();
    expect(press('PageDown', { tag: 'BUTTON' })).toBe('next');
    expect(press('ArrowRight', { tag: 'A' })).toBe('next');
    expect(press('Escape', { tag: 'INPUT', type: 'text' })).toBe('leave');
  });

  it("turn the page with a clicker's PageDown and PageUp wherever focus is, but in text that spans lines", () => {
    expect(press('PageDown', { tag: 'INPUT', type: 'range' })).toBe('next');
    expect(press('PageUp', { tag: 'DIV', role: 'slider' })).toBe('previous');
    expect(press('PageDown', { tag: 'INPUT', type: 'radio' })).toBe('next');
    expect(press('PageDown', { tag: 'DIV', role: 'radio' })).toBe('next');
    expect(press('PageDown', { tag: 'INPUT', type: 'text' })).toBe('next');
    expect(press('PageDown', { tag: 'TEXTAREA' })).toBeNull();
    expect(press('PageUp', { tag: 'DIV', editable: true })).toBeNull();
  });

  it('blank the screen with B or ., except while typing', () => {
    expect(press('b')).toBe('blank');
    expect(press('B', { tag: 'BUTTON' }, { shiftKey: true })).toBe('blank');
    expect(press('.')).toBe('blank');
    expect(press('b', { tag: 'INPUT', type: 'text' })).toBeNull();
    expect(press('.', { tag: 'TEXTAREA' })).toBeNull();
  });

  it('O shows the overview and N the notes, unless a control uses the letter', () => {
    expect(['o', 'O'].map((k) => press(k))).toEqual(['overview', 'overview']);
    expect(['n', 'N'].map((k) => press(k))).toEqual(['notes', 'notes']);
    expect(press('o', { tag: 'INPUT', type: 'text' })).toBeNull();
    expect(press('n', { tag: 'DIV', role: 'slider' })).toBeNull();
    expect(press('o', { tag: 'BODY' }, { ctrlKey: true })).toBeNull();
  });
});
