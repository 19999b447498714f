import { useCallback, useEffect, useRef, useState } from 'react';
import type { PracticePlace } from './hashPart.ts';
import { clearProgress, followStored, loadProgress, PROGRESS_KEY, recordCheck, type Progress, type ProgressStorage } from './progress.ts';

function storage(): ProgressStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Progress from localStorage, with the notice for unreadable data, and how to change it. Each
 * Check is merged with what is stored at that moment, and a change another tab stores (a
 * `storage` event) is followed here, so two tabs doing practice keep each other's progress.
 */
export function useProgress() {
  const [state, setState] = useState(() => loadProgress(storage()));
  // The progress this tab holds, for the handlers: a Check saves outside React's state updater
  // (which StrictMode runs twice).
  const held = useRef(state.progress);
  const show = useCallback((progress: Progress) => {
    held.current = progress;
    setState((s) => ({ ...s, progress }));
  }, []);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // key null: the other tab cleared the whole storage.
      if (event.key !== PROGRESS_KEY && event.key !== null) return;
      show(followStored(event.key === null ? null : event.newValue, held.current));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [show]);
  const record = useCallback((place: PracticePlace, right: boolean) => show(recordCheck(storage(), held.current, place, right)), [show]);
  const reset = useCallback(() => {
    held.current = clearProgress(storage());
    setState({ progress: held.current, notice: null });
  }, []);
  const dismiss = useCallback(() => setState((s) => ({ ...s, notice: null })), []);
  return { progress: state.progress as Progress, notice: state.notice, record, reset, dismiss };
}
