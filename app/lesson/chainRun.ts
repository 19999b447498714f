import type { LabReport } from '../../engine/report.ts';
import type { AppSettings } from '../state/settings/schema.ts';
import { lessonEngine, lessonSettings, type LessonParts } from './engine.ts';
import { useAnswer, type Answer } from '../ui/teach/useAnswer.ts';

/** One run of the lab's engine for a chapter's settings (only the parts it asks for). */
export function useChainRun(settings: Partial<AppSettings>, include: LessonParts): Answer<LabReport> {
  const key = JSON.stringify([settings, include]);
  return useAnswer(key, () => lessonEngine.run(lessonSettings(settings, include)));
}
