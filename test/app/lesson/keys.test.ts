import { describe, expect, it } from 'vitest';
import { slideKey, type KeyLike } from '../../../app/lesson/keys.ts';

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
    expect(press('PageDown', { tag: 'INPUT', type: 'range' })).toBeNull();
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
});
