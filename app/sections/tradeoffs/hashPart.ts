import { parseDecimal } from '../../../engine/number-text.ts';
import type { HashPart } from '../../state/url/part.ts';
import { LEVER_DEFAULTS, effectiveLevers, type Levers } from './levers.ts';

/**
 * The levers in the URL hash: `window=10&fused=1&saved=0&outputs=5`. Each is written only when
 * it differs from its default, so the lab's other links stay as they were. `fused` and `saved`
 * are 1 or 0.
 */
export const TRADEOFFS_KEYS = ['window', 'fused', 'saved', 'outputs', 'inputs'] as const;
export type TradeoffsKey = (typeof TRADEOFFS_KEYS)[number];

/**
 * The hash's part for the levers (no leading &), '' when all are at their defaults. Compared as
 * used with the chain's steps, so a short chain (where K and M are clamped) writes nothing new.
 */
export function encodeTradeoffs(levers: Levers, steps: number): string {
  const used = effectiveLevers(levers, steps);
  const usual = effectiveLevers(LEVER_DEFAULTS, steps);
  const parts: string[] = [];
  if (used.window !== usual.window) parts.push(`window=${used.window}`);
  if (used.fused !== usual.fused) parts.push(`fused=${used.fused ? 1 : 0}`);
  if (used.saved !== usual.saved) parts.push(`saved=${used.saved ? 1 : 0}`);
  if (used.outputs !== usual.outputs) parts.push(`outputs=${used.outputs}`);
  if (used.inputs !== usual.inputs) parts.push(`inputs=${used.inputs}`);
  return parts.join('&');
}

function show(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > 24 ? `${clean.slice(0, 24)}…` : clean;
}

function readWhole(raw: string | undefined, label: string, fallback: number, min: number, max: number, notices: string[]): number {
  if (raw === undefined) return Math.min(max, Math.max(min, fallback));
  let x = parseDecimal(raw);
  if (!Number.isFinite(x)) {
    const used = Math.min(max, Math.max(min, fallback));
    notices.push(`${label}: “${show(raw)}” is not a number, so ${used} is used.`);
    return used;
  }
  if (!Number.isInteger(x)) {
    notices.push(`${label}: ${x} is not a whole number; rounded to ${Math.round(x)}.`);
    x = Math.round(x);
  }
  if (x < min) notices.push(`${label}: ${x} is below the smallest allowed value ${min}; set to ${min}.`);
  else if (x > max) notices.push(`${label}: ${x} is above the largest allowed value ${max} (the chain steps); set to ${max}.`);
  return Math.min(max, Math.max(min, x));
}

function readSwitch(raw: string | undefined, label: string, fallback: boolean, notices: string[]): boolean {
  if (raw === undefined) return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  notices.push(`${label}: “${show(raw)}” is not 1 or 0, so ${fallback ? 1 : 0} is used.`);
  return fallback;
}

/**
 * Reads the levers from a hash's raw values, checked against the chain's (validated) steps: any
 * input gives valid levers, and one notice per value corrected.
 */
export function decodeTradeoffs(raw: Partial<Record<TradeoffsKey, string>>, steps: number): { levers: Levers; notices: string[] } {
  const notices: string[] = [];
  const levers: Levers = {
    window: readWhole(raw.window, 'Truncation window', LEVER_DEFAULTS.window, 0, steps, notices),
    fused: readSwitch(raw.fused, 'Fused', LEVER_DEFAULTS.fused, notices),
    saved: readSwitch(raw.saved, 'Saved', LEVER_DEFAULTS.saved, notices),
    outputs: readWhole(raw.outputs, 'Output states', LEVER_DEFAULTS.outputs, 1, steps, notices),
    inputs: raw.inputs === undefined ? LEVER_DEFAULTS.inputs : readWhole(raw.inputs, 'Jacobian inputs', 2 * steps + 2, 1, 2 * steps + 2, notices),
  };
  return { levers, notices };
}

/**
 * The levers' part of the URL hash (app/state/url/hash.ts). Their bounds depend on the chain's steps,
 * which another part reads, so `read` hands on the raw values and app/lab/labSync.ts checks them with
 * `decodeTradeoffs` against the steps the settings part read; `write` takes the steps too.
 */
export const tradeoffsHashPart: HashPart<Partial<Record<TradeoffsKey, string>>, { levers: Levers; steps: number }> = {
  keys: TRADEOFFS_KEYS,
  raw: 'decoded',
  read: (raw) => ({ value: raw as Partial<Record<TradeoffsKey, string>>, notices: [] }),
  write: ({ levers, steps }) => encodeTradeoffs(levers, steps),
};
