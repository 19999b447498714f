#!/usr/bin/env node
/**
 * Runs every bug's PyTorch script (`tape-lab bugs --script NAME`) with python3 and compares its
 * last line with the bug's `correct` and `buggy` blocks in `tape-lab bugs --json`: gradients to
 * 1e-9 relative (a finite-difference gradient to its own rounding: see TOLERANCE), counts exactly,
 * bytes within 10 %, error texts verbatim. Needs PyTorch (Debian: apt-get install python3-torch,
 * then PYTHON=/usr/bin/python3); not part of `npm test`, since CI has no PyTorch.
 *
 *   node scripts/check-torch-scripts.mjs [NAME …]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const python = process.env.PYTHON ?? 'python3';
const lab = (...args) => execFileSync('node', ['cli/bin.mjs', ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
const report = JSON.parse(lab('bugs', '--json'));
const names = process.argv.slice(2).length ? process.argv.slice(2) : report.bugs.map((b) => b.name);
const dir = mkdtempSync(join(tmpdir(), 'torch-scripts-'));
const version = execFileSync(python, ['-c', 'import torch; print(torch.__version__)'], { encoding: 'utf8' }).trim();
console.log(`PyTorch ${version} (${python})`);

/** The chain's loss L, which sets the rounding of a central difference. */
const loss = JSON.parse(lab('run', '--json')).loss;

/**
 * The tolerance of a gradient entry. Reverse mode: 1e-9 relative. float32's entries are central
 * differences (L(θ + h) − L(θ − h)) / 2h, in float64 and in float32: a loss that differs by a few
 * units in the last place (ulp) between two implementations (PyTorch's tanh and sin are not
 * JavaScript's) moves the quotient by that over 2h, so they compare to 32 ulp(L) / 2h, absolute.
 */
function gradientTolerance(name, side, h) {
  if (name !== 'float32') return { relative: 1e-9, absolute: 0 };
  const mantissa = side === 'buggy' ? 23 : 52;
  const ulp = 2 ** (Math.floor(Math.log2(loss)) - mantissa);
  return { relative: 1e-9, absolute: (32 * ulp) / (2 * h) };
}

let failures = 0;
for (const name of names) {
  const expected = report.bugs.find((b) => b.name === name);
  const file = join(dir, `${name}.py`);
  writeFileSync(file, lab('bugs', '--script', name));
  const out = execFileSync(python, [file], { encoding: 'utf8', maxBuffer: 1 << 26 }).trim().split('\n');
  const got = JSON.parse(out[out.length - 1]);
  const notes = [];
  const fail = (what) => {
    failures++;
    notes.push(`FAIL ${what}`);
  };
  for (const side of ['correct', 'buggy']) {
    const e = expected[side];
    const g = got[side];
    for (const key of Object.keys(e)) {
      if (!(key in g)) fail(`${side}.${key} missing`);
    }
    if (e.gradient) {
      const tol = gradientTolerance(name, side, e.bestEps);
      let worst = 0;
      let worstAbs = 0;
      for (const k of ['a', 'b']) {
        e.gradient[k].forEach((v, t) => {
          const w = g.gradient[k][t];
          const d = Math.abs(w - v);
          const rel = d === 0 ? 0 : d / Math.max(Math.abs(v), Math.abs(w));
          worst = Math.max(worst, rel);
          worstAbs = Math.max(worstAbs, d);
          if (!(d <= tol.absolute || rel <= tol.relative)) fail(`${side}.gradient.${k}[${t}]: lab ${v}, PyTorch ${w}`);
        });
      }
      const within = tol.absolute ? `, allowed ${tol.absolute.toExponential(1)} (32 ulp of L over 2h, h = ${e.bestEps})` : '';
      notes.push(`${side} gradient: ${2 * e.gradient.a.length} entries, largest relative gap ${worst.toExponential(1)}, largest gap ${worstAbs.toExponential(1)}${within}`);
    }
    for (const [path, ev, gv] of [
      ['bytes', e.bytes, g.bytes],
      ['evaluation.bytes', e.evaluation?.bytes, g.evaluation?.bytes],
    ]) {
      if (ev === undefined) continue;
      const ok = ev === 0 ? gv === 0 : Math.abs(gv - ev) <= 0.1 * ev;
      if (!ok) fail(`${side}.${path}: lab ${ev}, PyTorch ${gv}`);
      notes.push(`${side} ${path}: lab ${ev}, PyTorch ${gv}`);
    }
    for (const [path, ev, gv] of [
      ['nodes', e.nodes, g.nodes],
      ['evaluation.nodes', e.evaluation?.nodes, g.evaluation?.nodes],
    ]) {
      if (ev === undefined) continue;
      if (ev !== gv) fail(`${side}.${path}: lab ${ev}, PyTorch ${gv}`);
      notes.push(`${side} ${path}: lab ${ev}, PyTorch ${gv}`);
    }
    if (e.bestEps !== undefined && e.bestEps !== g.bestEps) fail(`${side}.bestEps: lab ${e.bestEps}, script ${g.bestEps}`);
    if (e.error !== undefined) {
      if (e.error !== g.error) fail(`${side}.error differs:\n  lab:     ${e.error}\n  PyTorch: ${g.error}`);
      else notes.push(`${side} error: verbatim (${e.error.length} characters)`);
    }
  }
  console.log(`${name}:\n  ${notes.join('\n  ')}`);
}
console.log(failures ? `${failures} mismatches` : `all ${names.length} scripts agree with tape-lab bugs --json`);
process.exit(failures ? 1 : 0);
