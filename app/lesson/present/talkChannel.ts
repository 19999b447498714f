import { useEffect, useEffectEvent, useRef } from 'react';

/** The BroadcastChannel the presenter's window and the notes window share (same origin, same browser). */
export const TALK_CHANNEL = 'tape-lab-talk';

/** What one window tells the other: the chapter it now shows, or to reset the shown figure. */
export type TalkMessage = { kind: 'chapter'; chapter: number } | { kind: 'reset'; chapter: number };

/**
 * Keeps two windows on the same chapter, both ways: posts `chapter` whenever it changes here, and
 * calls `onMessage` with what the other window posts. A window that receives the chapter it already
 * shows does nothing, so the two never echo each other. No-op where BroadcastChannel is missing,
 * and while `talking` is false: only the presenter's window and its notes window talk, so a
 * student's two lesson tabs, or a course page embedding two chapters, stay where each was put.
 * Returns a function that posts a message (the notes window's "reset the figure").
 */
export function useTalkChannel(chapter: number, onMessage: (message: TalkMessage) => void, talking = true): (message: TalkMessage) => void {
  const channel = useRef<BroadcastChannel | null>(null);
  const hear = useEffectEvent(onMessage);
  useEffect(() => {
    if (!talking || typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(TALK_CHANNEL);
    channel.current = ch;
    ch.onmessage = (event: MessageEvent<TalkMessage>) => hear(event.data);
    return () => {
      channel.current = null;
      ch.close();
    };
  }, [talking]);
  useEffect(() => {
    channel.current?.postMessage({ kind: 'chapter', chapter } satisfies TalkMessage);
  }, [chapter, talking]);
  return (message) => channel.current?.postMessage(message);
}
