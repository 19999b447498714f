import type { ButtonHTMLAttributes } from 'react';
import { useGate } from './gate.ts';

/**
 * A figure's button that would show the answer (a step of the sweep): like Show me, it waits,
 * disabled, until the chapter's question is settled.
 */
export function WaitingButton({ disabled, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  const gate = useGate();
  return <button type="button" {...props} disabled={disabled || !gate.open} aria-describedby={gate.open ? undefined : gate.noteId} />;
}
