import { openChannel } from '../channel/channel.ts';
import { comlinkWorker } from '../channel/comlink.ts';
import type { FieldVerdict, RuleVerdict } from '../../engine/practice/index.ts';
import type { PracticeBundle, PracticeRequest, PracticeWorkerApi } from './protocol.ts';

/** The practice worker: started when the practice page first asks, restarted after a fault. */
const channel = openChannel({
  spawn: () =>
    comlinkWorker<PracticeWorkerApi>(new Worker(new URL('./practice.worker.ts', import.meta.url), { type: 'module', name: 'tape-lab-practice' })),
});

/** The practice page's engine, in its worker. */
export const practiceEngine = {
  problem: (r: PracticeRequest) => channel.call(({ remote }) => remote.problem(r) as Promise<PracticeBundle>),
  diagnose: (r: PracticeRequest, answers: Record<string, number | null>) =>
    channel.call(({ remote }) => remote.diagnose(r, answers) as Promise<FieldVerdict[]>),
  checkRule: (r: PracticeRequest, rules: Record<string, string>) => channel.call(({ remote }) => remote.checkRule(r, rules) as Promise<RuleVerdict[]>),
  checkBug: (r: PracticeRequest, index: number) =>
    channel.call(({ remote }) => remote.checkBug(r, index) as Promise<{ right: boolean; message: string }>),
};
