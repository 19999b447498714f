/** The M at which to measure: every M up to 16 steps, else 16 spread evenly over 1 … T, and `also`. */
export function sampledOutputs(steps: number, also: number, count = 16): number[] {
  const set = new Set<number>([also]);
  if (steps <= count) for (let m = 1; m <= steps; m++) set.add(m);
  else for (let i = 0; i < count; i++) set.add(Math.round(1 + (i * (steps - 1)) / (count - 1)));
  return [...set].sort((x, y) => x - y);
}
