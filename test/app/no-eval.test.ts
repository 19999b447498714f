import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CODE_FROM_STRING, evalUses, filesUnder } from './evalScan.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('no code from strings (the CSP forbids eval; test/e2e checks the built bundle too)', () => {
  it('the patterns catch eval, new Function, Function("…") and string timers, and not look-alikes', () => {
    const hits = (s: string) => CODE_FROM_STRING.some((p) => p.test(s));
    for (const bad of ['eval("1")', 'x = eval (s)', 'new Function("a", "return a")', 'Function("return this")()', "setTimeout('go()', 1)"]) {
      expect(hits(bad), bad).toBe(true);
    }
    for (const fine of ['evaluateLoss(p)', 'obj.eval(x)', 'retrieval(x)', 'typeof f === "function"', 'setTimeout(() => go(), 1)', 'newFunction(x)']) {
      expect(hits(fine), fine).toBe(false);
    }
  });

  it('app/, engine/, workers/, cli/ and scripts/ never run a string as code', () => {
    const files = ['app', 'engine', 'workers', 'cli', 'scripts'].flatMap((d) =>
      filesUnder(`${ROOT}${d}`, ['.ts', '.tsx', '.js', '.mjs']),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(evalUses(files)).toEqual([]);
  });
});
