import { useCallback, useState } from 'react';
import type { PracticePlace } from './hashPart.ts';
import { afterCheck, clearProgress, loadProgress, saveProgress, type Progress, type ProgressStorage } from './progress.ts';

function storage(): ProgressStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Progress from localStorage, with the notice for unreadable data, and how to change it. */
export function useProgress() {
  const [state, setState] = useState(() => loadProgress(storage()));
  const record = useCallback((place: PracticePlace, right: boolean) => {
    setState((s) => {
      const progress = afterCheck(s.progress, place, right);
      if (progress !== s.progress) saveProgress(storage(), progress);
      return { ...s, progress };
    });
  }, []);
  const reset = useCallback(() => setState({ progress: clearProgress(storage()), notice: null }), []);
  const dismiss = useCallback(() => setState((s) => ({ ...s, notice: null })), []);
  return { progress: state.progress as Progress, notice: state.notice, record, reset, dismiss };
}
