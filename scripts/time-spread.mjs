// How far apart repeated `tape-lab run --json` read each method's runs of time (issue 44):
// runs the command N times in a row (default 5) and prints each run's figures, their middle
// halves, and each method's slowest ÷ fastest median. Measured, never asserted: quote `uptime`
// beside it, since a shared machine's load moves every figure.
//   node scripts/time-spread.mjs [N] [extra run options…]
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';

const n = Number(process.argv[2] ?? 5);
const extra = process.argv.slice(3);
const methods = ['reverse', 'forward', 'finiteDifference', 'checkpointed'];
const seen = Object.fromEntries(methods.map((m) => [m, []]));
console.log(`load average at start: ${loadavg().map((x) => x.toFixed(2)).join(', ')}`);
for (let i = 0; i < n; i++) {
  const out = execFileSync('npm', ['run', '-s', 'lab', '--', 'run', '--json', '--quiet', ...extra], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const cost = JSON.parse(out).cost;
  const row = methods.map((m) => {
    const c = cost[m];
    seen[m].push(c.runsOfTime);
    const [lo, hi] = c.runsOfTimeSpread ?? [NaN, NaN];
    return `${m} ${c.runsOfTime?.toFixed(2)} [${lo.toFixed(2)}–${hi.toFixed(2)}]${c.noisy ? ' noisy' : ''}`;
  });
  console.log(`run ${i + 1}: plain ${(cost.plainMs * 1000).toFixed(2)} µs; ${row.join('; ')}`);
}
for (const m of methods) {
  const v = seen[m];
  console.log(`${m}: slowest ÷ fastest ${(Math.max(...v) / Math.min(...v)).toFixed(2)}`);
}
const ordered = seen.reverse.every((r, i) => r >= 1 && r <= 10 && r < seen.forward[i] && r < seen.finiteDifference[i]);
console.log(`reverse mode between 1 and 10 and below forward mode and central differences in every run: ${ordered ? 'yes' : 'no'}`);
console.log(`load average at end: ${loadavg().map((x) => x.toFixed(2)).join(', ')}`);
