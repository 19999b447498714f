import { LEVERS, type Levers } from '../../../engine/tradeoffs/levers.ts';
import type { HashPart } from '../../state/url/part.ts';
import { clampWithTable } from '../../state/settings/clamp.ts';
import { encodeTradeoffs } from '../../state/url/labLinks.ts';
import { LEVER_DEFAULTS } from './levers.ts';

/**
 * The levers in the URL hash: `window=10&fused=1&saved=0&outputs=5`, keys and formats from the
 * levers' table (engine/tradeoffs/levers.ts). Each is written only when it differs from its
 * default, so the lab's other links stay as they were. Switches (`fused`, `saved`) are 1 or 0.
 */
export const TRADEOFFS_KEYS = LEVERS.keys;
export type TradeoffsKey = (typeof TRADEOFFS_KEYS)[number];

/**
 * Reads the levers from a hash's raw values, checked against the chain's (validated) steps with
 * the settings' own clamping (app/state/settings/clamp.ts): any input gives valid levers, and one
 * notice per value corrected.
 */
export function decodeTradeoffs(raw: Partial<Record<TradeoffsKey, string>>, steps: number): { levers: Levers; notices: string[] } {
  const { settings, notices } = clampWithTable<Levers>(LEVERS, raw, steps);
  // A lever the link does not name keeps its default as it is: clamped to this chain (N = P + 2 at
  // 40 steps), it would read as the reader's own choice once the chain grew, and be written into
  // the link (`inputs=82` after a drag to 200 steps). Each lever is clamped where it is used.
  const levers: Record<string, unknown> = { ...settings };
  for (const key of TRADEOFFS_KEYS) if (raw[key] === undefined) levers[key] = LEVER_DEFAULTS[key];
  return { levers: levers as Levers, notices };
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
