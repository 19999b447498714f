/**
 * The closed forms of binomial checkpointing (Griewank 1992; Griewank & Walther 2000,
 * "Algorithm 799: revolve").
 *
 * Setting: l steps to reverse, s snapshots (the one holding the first state x_0 included), and
 * a "turn" at step t (tape it from x_t, reverse it at once) costing no advance. With r the
 * repetition number, the most steps s snapshots can reverse while advancing no step more than r
 * times is
 *
 *   β(s, r) = C(s + r, s),
 *
 * and the fewest advances that reverse l steps with s snapshots is
 *
 *   t(l, s) = r·l − β(s + 1, r − 1),   r the smallest integer with β(s, r) ≥ l,
 *
 * the solution of t(l, s) = min_{0<m<l} [m + t(l − m, s − 1) + t(m, s)], t(1, s) = 0,
 * t(l, 1) = l(l − 1)/2. The recursion is only used by the tests, to check these formulas.
 */

/**
 * β(s, r) = C(s + r, s): the reach of s snapshots at repetition number r; 0 for r < 0.
 * Exact while the result stays below 2^53 (every use here stays far below: see `revolveSplit`).
 */
export function binomialReach(s: number, r: number): number {
  if (r < 0 || s < 0) return 0;
  const k = Math.min(s, r);
  const n = s + r;
  let c = 1;
  // C(n−k+i, i) for i = 1 … k, each step exact: C(n−k+i, i) = C(n−k+i−1, i−1)·(n−k+i)/i.
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

/**
 * Snapshots beyond l − 1 never help a chain of l steps (with l − 1 of them every state but the
 * last is stored and no step is advanced twice), so counts above that act as l − 1.
 */
export function usefulSnapshots(l: number, s: number): number {
  return Math.max(1, Math.min(s, l - 1));
}

/** The repetition number r and the reaches β(s, r−2), β(s, r−1), β(s, r) around it. */
interface Reach {
  r: number;
  below2: number;
  below: number;
  at: number;
}

/** r(l, s): the smallest r with β(s, r) ≥ l, found by β(s, r) = β(s, r−1)·(s + r)/r. */
function reachFor(l: number, s: number): Reach {
  let r = 0;
  let below2 = 0;
  let below = 0;
  let at = 1;
  while (at < l) {
    r++;
    below2 = below;
    below = at;
    at = (at * (s + r)) / r;
  }
  return { r, below2, below, at };
}

/** The repetition number r(l, s): the smallest r with C(s + r, s) ≥ l. */
export function repetitionNumber(l: number, s: number): number {
  if (l <= 1) return 0;
  const u = usefulSnapshots(l, s);
  return u === 1 ? l - 1 : reachFor(l, u).r;
}

/**
 * t(l, s) = r·l − β(s + 1, r − 1): the fewest untaped step evaluations (advances) that reverse
 * a chain of l steps with s snapshots. t(1, s) = 0, t(l, 1) = l(l − 1)/2, t(l, s ≥ l − 1) = l − 1;
 * t(10, 3) = 15.
 */
export function revolveAdvances(l: number, s: number): number {
  if (l <= 1) return 0;
  const u = usefulSnapshots(l, s);
  if (u === 1) return (l * (l - 1)) / 2;
  const { r, at } = reachFor(l, u);
  // β(s+1, r−1) = C(s+r, r−1) = C(s+r, r)·r/(s+1).
  return r * l - Math.round((at * r) / (u + 1));
}

/**
 * The first checkpoint m (0 < m < l) of an optimal binomial schedule: advance m steps from the
 * stored x_0, reverse the last l − m steps with s − 1 snapshots (x_m's included), then the first
 * m steps with all s. Any m with
 *
 *   β(s, r−2) ≤ m ≤ β(s, r−1)   and   β(s−1, r−1) ≤ l − m ≤ β(s−1, r)
 *
 * is optimal: on those ranges t(m, s) = (r−1)m − β(s+1, r−2) and t(l−m, s−1) = r(l−m) − β(s, r−1),
 * and m + t(l−m, s−1) + t(m, s) = r·l − β(s+1, r−1) by Pascal's rule. The ranges meet because
 * β(s, r−1) < l ≤ β(s, r) = β(s, r−1) + β(s−1, r). This returns the largest such m, which keeps
 * the part reversed with fewer snapshots as short as possible. O(r) time, with every reach
 * below l·(s + r), so exact in doubles.
 */
export function revolveSplit(l: number, s: number): number {
  if (l < 2) throw new RangeError(`a split needs at least 2 steps; got ${l}`);
  const u = usefulSnapshots(l, s);
  // One snapshot: only x_0 is kept, so advance to the last step and turn there.
  if (u === 1) return l - 1;
  const { below2, below, at } = reachFor(l, u);
  // β(s−1, r) = β(s, r) − β(s, r−1) and β(s−1, r−1) = β(s, r−1) − β(s, r−2) (Pascal).
  const lower = Math.max(below2, l - (at - below), 1);
  const upper = Math.min(below, l - (below - below2), l - 1);
  if (lower > upper) throw new Error(`no optimal split for l = ${l}, s = ${s}: [${lower}, ${upper}]`);
  return upper;
}
