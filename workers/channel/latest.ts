/**
 * Latest wins, written once. At most one call is in flight; whenever none is, the feature says
 * what to ask for now, from the newest state it knows. Whatever was asked for and passed over
 * while a call was in flight is never run, so a dragged slider or fast typing never builds a
 * queue. Three features use it: the lab's reports (workers/lab/client.ts, which plans the next
 * run from what is on screen), the tape panel's tape (app/sections/tape/tapeSync.ts) and, through
 * `latestWins`, the playground's expressions and the tensor panel's comparison.
 */
export interface Pump<Q> {
  /** Asks `next()` for a call now, unless one is in flight (it asks again when that one ends). */
  poke(): void;
  /** The request in flight, or null. */
  readonly running: Q | null;
}

export interface PumpHandlers<Q, R> {
  /** What to ask for now, or null when nothing is wanted. */
  next(): Q | null;
  /** Makes the call (and does whatever starting it means to the feature). */
  run(request: Q): Promise<R>;
  answer(answer: R, request: Q): void;
  error(error: unknown, request: Q): void;
  /** After the answer or the error, before the next call is asked for. */
  settled?(request: Q): void;
  /** `next()` said nothing is wanted: the pump rests until poked. */
  idle?(): void;
}

export function createPump<Q, R>(handlers: PumpHandlers<Q, R>): Pump<Q> {
  let running: { request: Q } | null = null;
  function poke() {
    if (running !== null) return;
    const request = handlers.next();
    if (request === null) {
      handlers.idle?.();
      return;
    }
    running = { request };
    handlers
      .run(request)
      .then(
        (answer) => handlers.answer(answer, request),
        (error: unknown) => handlers.error(error, request),
      )
      .finally(() => {
        handlers.settled?.(request);
        running = null;
        poke();
      });
  }
  return {
    poke,
    get running() {
      return running?.request ?? null;
    },
  };
}

/** A request stream where only the newest request matters. */
export interface Latest<Q> {
  /** Makes `request` the newest; it runs as soon as the one in flight (if any) has ended. */
  request(request: Q): void;
}

/**
 * Requests made while one is in flight replace each other. An answer is delivered only if no newer
 * request is waiting: the newest wins.
 */
export function latestWins<Q, R>(
  run: (request: Q) => Promise<R>,
  onAnswer: (answer: R, request: Q) => void,
  onError: (error: unknown, request: Q) => void,
): Latest<Q> {
  let waiting: { request: Q } | null = null;
  const pump = createPump<{ request: Q }, R>({
    next() {
      const taken = waiting;
      waiting = null;
      return taken;
    },
    run: ({ request }) => run(request),
    answer: (answer, { request }) => {
      if (waiting === null) onAnswer(answer, request);
    },
    error: (error, { request }) => {
      if (waiting === null) onError(error, request);
    },
  });
  return {
    request(request) {
      waiting = { request };
      pump.poke();
    },
  };
}
