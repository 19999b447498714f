import {
  fullTapeBytes,
  periodicCounts,
  revolvePeakBytes,
  revolvePeakStates,
  revolveAdvances,
  runLab,
  type LabReport,
  type LabSettings,
} from '../engine/index.ts';
import { parseOptions } from './args.ts';
import { SILENT, type Progress } from './progress.ts';
import { fmt, table } from './table.ts';
import { printJson } from './print-json.ts';

export const AUDIT_HELP = `tape-lab audit [--json] [--quiet]
  Runs the lab over a grid of 432 settings (steps × c × x₀ × target × epsilon × schedule) and
  checks every figure: all finite; forward matches reverse below 1e-10; the checkpointed
  gradient equals reverse mode's; the best epsilon is inside the sweep and its error below 1e-6
  of the largest component; every work count equals its closed form. Exits 1 when a check fails.
  --quiet: no progress lines on stderr.`;

/** The audit grid: 4 × 3 × 3 × 3 × 2 × 2 = 432 settings. */
export const AUDIT_GRID = {
  steps: [2, 10, 40, 200],
  c: [0, 0.35, 0.8],
  x0: [-1, 0.4, 1.2],
  target: [-0.5, 0.25, 1],
  eps: [1e-4, 1e-6],
  schedule: ['periodic', 'revolve'] as const,
};

/** Forward mode must match reverse mode below this, relative to the largest component. */
export const FORWARD_TOLERANCE = 1e-10;

export interface AuditCheck {
  name: string;
  passed: number;
  failed: number;
}

export interface AuditFailure {
  settings: Omit<LabSettings, 'include'>;
  check: string;
  detail: string;
}

export interface AuditResult {
  combinations: number;
  passed: number;
  checks: Record<string, AuditCheck>;
  failures: AuditFailure[];
  /** Per chain length: the largest forward-vs-reverse gap, the best-eps range, worst FD RMS. */
  bySteps: Array<{ steps: number; forwardVsReverseMax: number; bestEps: [number, number]; finiteDifferenceRms: number }>;
}

/** Every setting of the grid, in a fixed order. */
export function auditSettings(): LabSettings[] {
  const out: LabSettings[] = [];
  for (const steps of AUDIT_GRID.steps)
    for (const c of AUDIT_GRID.c)
      for (const x0 of AUDIT_GRID.x0)
        for (const target of AUDIT_GRID.target)
          for (const eps of AUDIT_GRID.eps)
            for (const schedule of AUDIT_GRID.schedule) {
              out.push({
                steps,
                c,
                x0,
                target,
                eps,
                schedule,
                // The periodic stride nearest √T; binomial with three snapshots.
                stride: Math.max(1, Math.min(steps, Math.round(Math.sqrt(steps)))),
                snapshots: 3,
                state: 'scalar',
                include: { tangents: false, frontier: false, workCurve: false },
              });
            }
  return out;
}

type Check = (r: LabReport, s: LabSettings) => string | null;

/** The checks, each returning null or what went wrong. */
export const AUDIT_CHECKS: Record<string, Check> = {
  'every figure finite': (r) => firstNonFinite(r),
  'forward matches reverse below 1e-10': (r) =>
    r.errors.forwardVsReverseMax < FORWARD_TOLERANCE ? null : `max relative gap ${r.errors.forwardVsReverseMax}`,
  'checkpointed equals reverse': (r) =>
    r.errors.checkpointedVsReverseMax === 0 ? null : `max relative gap ${r.errors.checkpointedVsReverseMax}`,
  'best epsilon inside the sweep': (r) => {
    const i = r.sweep.findIndex((p) => p.eps === r.bestEps);
    return i > 0 && i < r.sweep.length - 1 ? null : `best epsilon ${r.bestEps} is at index ${i} of ${r.sweep.length}`;
  },
  'central differences at the best epsilon within 1e-6 of reverse': (r) => {
    const best = r.sweep.find((p) => p.eps === r.bestEps);
    const scale = largestComponent(r);
    return best && best.rms <= 1e-6 * scale ? null : `RMS ${best?.rms} at the best h, against a largest component of ${scale}`;
  },
  'work counts equal their closed forms': (r, s) => {
    const T = r.steps;
    const P = 2 * T;
    const want: Array<[string, number, number]> = [
      ['reverse work', r.work.reverse, 2],
      ['forward work', r.work.forward, P + 1],
      ['central-difference work', r.work.finiteDifference, 2 * P + 1],
      ['tape nodes', r.counts.tapeNodes, 2 + 14 * T + 3],
      ['prefix-reusing steps', r.counts.finiteDifferenceSteps, T + 2 * T * (T + 1)],
      ['naive steps', r.counts.finiteDifferenceNaiveSteps, (2 * P + 1) * T],
      ['full-tape states', r.checkpoint.fullTapeStates, T + 1],
      ['full-tape bytes', r.checkpoint.fullTapeBytes, fullTapeBytes(T)],
    ];
    if (s.schedule === 'periodic') {
      const k = periodicCounts(T, s.stride);
      want.push(
        ['periodic held items', r.checkpoint.storedStates, k.storedStates],
        ['periodic peak bytes', r.checkpoint.peakBytes, k.peakBytes],
        ['periodic recomputed steps', r.checkpoint.recomputedSteps, k.recomputedSteps],
        ['periodic work', r.checkpoint.workUnits, k.workUnits],
      );
    } else {
      want.push(
        ['binomial advances', r.checkpoint.advances, revolveAdvances(T, s.snapshots)],
        ['binomial held items', r.checkpoint.storedStates, revolvePeakStates(T, s.snapshots)],
        ['binomial peak bytes', r.checkpoint.peakBytes, revolvePeakBytes(T, s.snapshots)],
      );
      if (r.checkpoint.peakSnapshots > s.snapshots) want.push(['binomial snapshots', r.checkpoint.peakSnapshots, s.snapshots]);
    }
    const bad = want.find(([, got, expected]) => got !== expected);
    return bad ? `${bad[0]}: counted ${bad[1]}, closed form ${bad[2]}` : null;
  },
};

function largestComponent(r: LabReport): number {
  let m = 0;
  for (const v of r.gradient.reverse.a) m = Math.max(m, Math.abs(v));
  for (const v of r.gradient.reverse.b) m = Math.max(m, Math.abs(v));
  return m;
}

function firstNonFinite(r: LabReport): string | null {
  const scalars: Array<[string, number | null]> = [
    ['loss', r.loss],
    ['bestEps', r.bestEps],
    ...Object.entries(r.work).map(([k, v]): [string, number] => [`work.${k}`, v]),
    ...Object.entries(r.errors).map(([k, v]): [string, number] => [`errors.${k}`, v]),
    ['model.thirdDerivativeRms', r.model.thirdDerivativeRms],
  ];
  for (const [name, v] of scalars) if (v === null || !Number.isFinite(v)) return `${name} is ${v}`;
  for (const [name, g] of Object.entries(r.gradient)) {
    for (const part of ['a', 'b'] as const) {
      const i = g[part].findIndex((v: number) => !Number.isFinite(v));
      if (i >= 0) return `gradient.${name}.${part}[${i}] is ${g[part][i]}`;
    }
  }
  const j = r.sweep.findIndex((p) => !Number.isFinite(p.rms));
  if (j >= 0) return `sweep[${j}].rms is ${r.sweep[j].rms}`;
  return null;
}

/** Runs the whole audit. */
export function runAudit(settings: LabSettings[] = auditSettings(), progress: Progress = SILENT): AuditResult {
  const checks: Record<string, AuditCheck> = {};
  for (const name of Object.keys(AUDIT_CHECKS)) checks[name] = { name, passed: 0, failed: 0 };
  const failures: AuditFailure[] = [];
  const bySteps = new Map<number, AuditResult['bySteps'][number]>();
  // The sweep over h depends on the chain alone, not on the selected h or the schedule: run it
  // once per chain and share it within the group.
  const sweeps = new Map<string, Pick<LabReport, 'sweep' | 'bestEps' | 'model'>>();
  let passed = 0;
  for (const [i, s] of settings.entries()) {
    progress.note(`setting ${i + 1} of ${settings.length} (T = ${s.steps})…`);
    const key = `${s.steps}|${s.c}|${s.x0}|${s.target}`;
    const shared = sweeps.get(key);
    const r = runLab(shared ? { ...s, include: { ...s.include, sweep: false } } : s);
    if (shared) Object.assign(r, shared);
    else sweeps.set(key, { sweep: r.sweep, bestEps: r.bestEps, model: r.model });
    let ok = true;
    for (const [name, check] of Object.entries(AUDIT_CHECKS)) {
      const problem = check(r, s);
      if (problem === null) checks[name].passed++;
      else {
        ok = false;
        checks[name].failed++;
        const { include: _i, ...plain } = s;
        failures.push({ settings: plain, check: name, detail: problem });
      }
    }
    if (ok) passed++;
    const row = bySteps.get(r.steps) ?? { steps: r.steps, forwardVsReverseMax: 0, bestEps: [Infinity, 0], finiteDifferenceRms: 0 };
    row.forwardVsReverseMax = Math.max(row.forwardVsReverseMax, r.errors.forwardVsReverseMax);
    if (r.bestEps !== null) row.bestEps = [Math.min(row.bestEps[0], r.bestEps), Math.max(row.bestEps[1], r.bestEps)];
    row.finiteDifferenceRms = Math.max(row.finiteDifferenceRms, r.errors.finiteDifferenceRms);
    bySteps.set(r.steps, row);
  }
  return { combinations: settings.length, passed, checks, failures, bySteps: [...bySteps.values()] };
}

/** `tape-lab audit`: a table and a summary line, or JSON; exit status 1 when a check fails. */
export function auditCommand(argv: string[], progress: Progress = SILENT): { output: string; exitCode: number } {
  const { values } = parseOptions(argv, { json: { type: 'boolean' }, quiet: { type: 'boolean' } }, 'audit');
  const result = runAudit(auditSettings(), progress);
  const exitCode = result.passed === result.combinations ? 0 : 1;
  if (values.json) return { output: printJson({ ...result }), exitCode };
  const lines = [
    `Audit over ${result.combinations} settings: steps ${AUDIT_GRID.steps.join('/')} × c ${AUDIT_GRID.c.join('/')} × x₀ ${AUDIT_GRID.x0.join('/')} × target ${AUDIT_GRID.target.join('/')} × eps ${AUDIT_GRID.eps.map((e) => fmt(e)).join('/')} × schedule periodic (stride ≈ √T) / revolve (3 snapshots)`,
    '',
    table([['check', 'passed', 'failed'], ...Object.values(result.checks).map((c) => [c.name, fmt(c.passed), fmt(c.failed)])]),
    '',
    table([
      ['steps', 'max forward−reverse', 'best epsilon range', 'worst FD RMS'],
      ...result.bySteps.map((b) => [String(b.steps), fmt(b.forwardVsReverseMax), `${fmt(b.bestEps[0])} … ${fmt(b.bestEps[1])}`, fmt(b.finiteDifferenceRms)]),
    ]),
    '',
    ...result.failures.slice(0, 10).map((f) => `FAIL ${f.check}: ${f.detail} (${JSON.stringify(f.settings)})`),
    `${result.passed} of ${result.combinations} settings passed every check${exitCode === 0 ? '' : `; ${result.failures.length} failures`}`,
  ];
  return { output: lines.join('\n'), exitCode };
}
