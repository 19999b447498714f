import type { BugsRequest, PrecisionOptions } from '../../../engine/bugs/index.ts';
import { latestWins } from '../../../workers/channel/latest.ts';
import type { BugsEngine } from '../../../workers/bugs/protocol.ts';
import type { LabState, LabStore } from '../../state/store/index.ts';
import { effectiveLevers } from '../tradeoffs/levers.ts';

export type { BugsEngine };

/** Steps of the tensor section's training the two training bugs run (the section's default). */
export const BUG_TRAINING_STEPS = 400;
/** The float32 sweep waits until the chain's settings have rested this long. */
export const PRECISION_DELAY_MS = 400;
/** Up to this many steps the float32 sweep runs whole: three h a decade, every parameter (about a second at T = 60). */
export const FULL_PRECISION_STEPS = 60;

/**
 * The float32 sweep's extent for a chain: whole on short chains; beyond FULL_PRECISION_STEPS, one
 * h a decade from 1e-1 to 1e-12 and 40 parameters evenly spaced, since its cost grows as T².
 */
export function precisionOptionsFor(steps: number): PrecisionOptions {
  if (steps <= FULL_PRECISION_STEPS) return {};
  return { grid: Array.from({ length: 12 }, (_, i) => Number(`1e-${i + 1}`)), maxParameters: 40 };
}

/**
 * The request for the chain on screen. The detach step is the truncation lever's: detaching x_s
 * is truncating with window K = T − s, so the two controls move one setting (`window`).
 */
export function requestOf(state: LabState): BugsRequest {
  const { steps, c, x0, target } = state;
  return { steps, c, x0, target, detachStep: steps - effectiveLevers(state.levers, steps).window, direction: state.hvpDirection };
}

/** The chain settings the float32 sweep depends on. */
export function precisionKeyOf(q: Pick<BugsRequest, 'steps' | 'c' | 'x0' | 'target'>): string {
  return `${q.steps}|${q.c}|${q.x0}|${q.target}`;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sameRequest(a: BugsRequest, b: BugsRequest): boolean {
  return precisionKeyOf(a) === precisionKeyOf(b) && a.detachStep === b.detachStep && a.direction === b.direction;
}

/**
 * Keeps the section's figures in step with the chain, the detach step and H·v's direction
 * (latest wins); asks for the float32 sweep only while that bug is on and the settings rest, and
 * for the training bugs once, when one of them is first switched on. Returns the undo.
 */
export function startBugs(store: LabStore, engine: BugsEngine): () => void {
  const chain = latestWins(
    (q: BugsRequest) => engine.chain(q),
    (answer) => store.getState().receiveBugsChain(answer),
    (error) => store.getState().receiveBugsChain(null, `The section’s worker could not answer: ${message(error)}`),
  );
  const precision = latestWins(
    (q: BugsRequest) => engine.precision(q, precisionOptionsFor(q.steps)).then((p) => ({ p, key: precisionKeyOf(q) })),
    ({ p, key }) => store.getState().receiveBugsPrecision(p, key),
    (error, q) => {
      store.getState().receiveBugsPrecision(null, precisionKeyOf(q));
      store.getState().receiveBugsChain(null, `The float32 sweep could not be computed: ${message(error)}`);
    },
  );
  let trainingAsked = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const follow = (state: LabState) => {
    if ((state.bugOn === 'zero-grad' || state.bugOn === 'graph-alive') && !trainingAsked) {
      trainingAsked = true;
      engine.training(BUG_TRAINING_STEPS).then(
        (t) => store.getState().receiveBugsTraining(t),
        () => {
          trainingAsked = false;
        },
      );
    }
    if (state.bugOn === 'float32' && state.bugsPrecisionKey !== precisionKeyOf(requestOf(state))) {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        precision.request(requestOf(store.getState()));
      }, PRECISION_DELAY_MS);
    }
  };
  let last = requestOf(store.getState());
  chain.request(last);
  follow(store.getState());
  const unsubscribe = store.subscribe((state, previous) => {
    const next = requestOf(state);
    if (!sameRequest(next, last)) {
      last = next;
      chain.request(next);
    }
    if (state.bugOn !== previous.bugOn || precisionKeyOf(next) !== precisionKeyOf(requestOf(previous))) follow(state);
  });
  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
  };
}
