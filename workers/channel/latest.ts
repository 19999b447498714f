/** A request stream where only the newest request matters. */
export interface Latest<Q> {
  /** Makes `request` the newest; it runs as soon as the one in flight (if any) has ended. */
  request(request: Q): void;
}

/**
 * At most one call in flight; requests made meanwhile replace each other, so typing fast never
 * builds a queue. An answer is delivered only if no newer request is waiting: the newest wins.
 */
export function latestWins<Q, R>(
  run: (request: Q) => Promise<R>,
  onAnswer: (answer: R, request: Q) => void,
  onError: (error: unknown, request: Q) => void,
): Latest<Q> {
  let inFlight = false;
  let waiting: { request: Q } | null = null;
  function pump() {
    if (inFlight || waiting === null) return;
    const { request } = waiting;
    waiting = null;
    inFlight = true;
    run(request)
      .then(
        (answer) => {
          if (waiting === null) onAnswer(answer, request);
        },
        (error: unknown) => {
          if (waiting === null) onError(error, request);
        },
      )
      .finally(() => {
        inFlight = false;
        pump();
      });
  }
  return {
    request(request) {
      waiting = { request };
      pump();
    },
  };
}
