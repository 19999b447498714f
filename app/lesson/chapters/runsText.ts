/** A number of runs for a sentence: two significant figures, whole numbers from 10 ("2.9", "44"). As engine/method-cost.ts writes it. */
export function runsText(x: number): string {
  return x >= 10 ? String(Math.round(x)) : String(Number(x.toPrecision(2)));
}
