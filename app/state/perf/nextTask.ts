/**
 * Runs `then` in a task of its own, soon: a MessageChannel message, which browsers do not clamp
 * as they clamp nested timers (4 ms after five levels). One channel carries every call, in order;
 * a new channel per call cost about 1 ms of the main thread. Returns a function that cancels it.
 */
export function nextTask(then: () => void): () => void {
  if (typeof MessageChannel !== 'function') {
    const timer = setTimeout(then, 0);
    return () => clearTimeout(timer);
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  let live = true;
  waiting.push(() => {
    if (live) then();
  });
  channel.port2.postMessage(null);
  return () => {
    live = false;
  };
}

/** The calls waiting for their task, in order. */
const waiting: (() => void)[] = [];
let channel: MessageChannel | null = null;
