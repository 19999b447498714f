import { useEffect, useState } from 'react';
import type { PracticePlace } from './hashPart.ts';

/** Where the text typed for one problem is kept: by kind, level and seed, or by the learner's own program. */
export const typedKey = (place: PracticePlace): string =>
  place.program === undefined ? `tape-lab-practice-typed:${place.kind}:${place.level}:${place.seed}` : `tape-lab-practice-typed:program:${place.program}`;

/** Stored text read back: an object of strings, or nothing. */
export function parseTyped(text: string | null): Record<string, string> {
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return {};
    return Object.fromEntries(Object.entries(data).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length <= 200));
  } catch {
    return {};
  }
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The text typed into a problem's fields, kept in localStorage under the problem's key so that a
 * reload (or coming back to the same seed) finds it again. Empty fields are not kept.
 */
export function useTypedAnswers(place: PracticePlace): [Record<string, string>, (field: string, text: string) => void] {
  const key = typedKey(place);
  const [texts, setTexts] = useState<Record<string, string>>(() => {
    try {
      return parseTyped(storage()?.getItem(key) ?? null);
    } catch {
      return {};
    }
  });
  useEffect(() => {
    const kept = Object.fromEntries(Object.entries(texts).filter(([, t]) => t !== ''));
    try {
      if (Object.keys(kept).length === 0) storage()?.removeItem(key);
      else storage()?.setItem(key, JSON.stringify(kept));
    } catch {
      // A full or blocked storage: the answers stay on the page only.
    }
  }, [key, texts]);
  return [texts, (field, text) => setTexts((t) => ({ ...t, [field]: text }))];
}
