import { afterEach, describe, expect, it } from 'vitest';
import { evaluatePlayground, type PlaygroundOutcome, type PlaygroundRequest } from '../../../../engine/expr/playground.ts';
import { DEFAULT_SOURCE } from '../../../../app/sections/playground/defaults.ts';
import { startPlayground, type ExprEvaluator } from '../../../../app/sections/playground/playgroundSync.ts';
import { useLab } from '../../../../app/state/store/index.ts';
import { startLab, type HostWindow } from '../../../../app/lab/labSync.ts';
import type { LabRunner } from '../../../../workers/lab/client.ts';
import { labReport } from '../../fixture.ts';

/** The engine behind a promise, as the worker answers; counts what it was asked. */
function engine(): ExprEvaluator & { asked: PlaygroundRequest[] } {
  const asked: PlaygroundRequest[] = [];
  return {
    asked,
    evaluate: (request) => {
      asked.push(request);
      return new Promise<PlaygroundOutcome>((resolve) => setTimeout(() => resolve(evaluatePlayground(request)), 1));
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 30));
const state = () => useLab.getState();

afterEach(() => useLab.setState(useLab.getInitialState(), true));

describe('the playground’s wiring to its worker', () => {
  it('evaluates the card’s example at (0.5, 4) first', async () => {
    const stop = startPlayground(useLab, engine(), 0);
    await settle();
    const r = state().exprResult!;
    expect(r.source).toBe(DEFAULT_SOURCE);
    expect(r.rows.map((row) => row.reverse)).toEqual([4 + Math.cos(0.25), 0.25]);
    stop();
  });

  it('typing a valid expression updates the gradients, the variables and the tape; new variables start at 1', async () => {
    const stop = startPlayground(useLab, engine(), 0);
    await settle();
    state().setExprSource('x*x + x*w');
    await settle();
    const r = state().exprResult!;
    expect(r.variables).toEqual(['x', 'w']);
    expect(state().exprVariables).toEqual(['x', 'w']);
    expect(state().exprValues).toMatchObject({ x: 0.5, w: 1 });
    expect(r.rows[0].reverse).toBe(2 * 0.5 + 1);
    expect(r.tape.length).toBe(5);
    state().setExprValue('w', 3);
    await settle();
    expect(state().exprResult!.rows[0].reverse).toBe(4);
    stop();
  });

  it('an invalid expression shows its column while the last good result stays', async () => {
    const stop = startPlayground(useLab, engine(), 0);
    await settle();
    const good = state().exprResult;
    state().setExprSource('sin(x))');
    await settle();
    expect(state().exprProblem).toEqual({ kind: 'parse', message: "unexpected ')' at column 7", column: 7, span: { start: 6, end: 7 } });
    expect(state().exprResult).toBe(good);
    state().setExprSource('sin(x)');
    await settle();
    expect(state().exprProblem).toBeNull();
    expect(state().exprResult!.source).toBe('sin(x)');
    stop();
  });

  it('a first expression that does not parse is shown beside the card’s example', async () => {
    state().loadExpression('2*(x', { x: 3 });
    const stop = startPlayground(useLab, engine(), 0);
    await settle();
    expect(state().exprProblem?.message).toBe("expected ')' to close '(' at column 3");
    expect(state().exprResult?.source).toBe(DEFAULT_SOURCE);
    expect(state().exprSource).toBe('2*(x');
    stop();
  });

  it('latest wins: keystrokes typed while the worker is busy are never evaluated', async () => {
    const e = engine();
    const stop = startPlayground(useLab, e, 0);
    for (const text of ['s', 'si', 'sin', 'sin(', 'sin(x', 'sin(x)']) state().setExprSource(text);
    await settle();
    await settle();
    expect(e.asked.map((q) => q.source)).toEqual([DEFAULT_SOURCE, 'sin(x)']);
    expect(state().exprResult!.source).toBe('sin(x)');
    stop();
  });

  it('text typed a key at a time is evaluated only when the typing pauses: no prefix, no phantom variable', async () => {
    const e = engine();
    const stop = startPlayground(useLab, e, 25);
    await settle();
    const typed = 'x*y + sin(x*x)';
    for (let i = 1; i <= typed.length; i++) {
      state().setExprSource(typed.slice(0, i));
      await new Promise((r) => setTimeout(r, 5));
    }
    await settle();
    await settle();
    expect(e.asked.map((q) => q.source)).toEqual([DEFAULT_SOURCE, typed]);
    expect(state().exprVariables).toEqual(['x', 'y']);
    stop();
  });

  it('2x + y typed at speed leaves the last finished result and its error, never the prefix "2"', async () => {
    const e = engine();
    const stop = startPlayground(useLab, e, 25);
    await settle();
    for (const text of ['2', '2x', '2x ', '2x +', '2x + ', '2x + y']) {
      state().setExprSource(text);
      await new Promise((r) => setTimeout(r, 5));
    }
    await settle();
    await settle();
    expect(e.asked.map((q) => q.source)).toEqual([DEFAULT_SOURCE, '2x + y']);
    expect(state().exprResult!.source).toBe(DEFAULT_SOURCE);
    expect(state().exprProblem).not.toBeNull();
    stop();
  });
});

describe('the playground in the page’s hash wiring', () => {
  function host(hash: string): HostWindow {
    const h: HostWindow = {
      location: { hash },
      history: { replaceState: (_d, _u, url) => void (h.location.hash = url ?? '') },
      addEventListener: () => {},
      removeEventListener: () => {},
    };
    return h;
  }
  const runner: LabRunner = { run: (s) => Promise.resolve(labReport({ steps: s.steps }, s.include)) };

  it('loads a linked expression, brings the playground in, and writes edits back between the settings and the view keys', async () => {
    const h = host('#steps=12&expr=x*x%2Bx&at=x:3&embed=1&panels=work');
    const stop = startLab(useLab, runner, h);
    expect(state().exprSource).toBe('x*x+x');
    expect(state().exprValues.x).toBe(3);
    expect(state().exprWanted).toBe(true);
    expect(state().exprLinked).toBe(1);
    expect(h.location.hash).toMatch(/^#steps=12&.*&target=0\.25&expr=x\*x\+x&at=x:3&embed=1&panels=work$/);
    state().setExprSource('x^3');
    state().setExprValue('x', -2);
    expect(h.location.hash).toContain('&expr=x^3&at=x:-2&embed=1');
    await settle();
    stop();
  });

  it('leaves the hash as it was at the default, and junk gives notices, not a broken page', async () => {
    const h = host('#steps=12');
    const stop = startLab(useLab, runner, h);
    expect(h.location.hash).not.toContain('expr');
    expect(state().exprWanted).toBe(false);
    stop();
    useLab.setState(useLab.getInitialState(), true);
    const j = host('#expr=%ZZ&at=x:NaN');
    const stop2 = startLab(useLab, runner, j);
    expect(state().exprSource).toBe(DEFAULT_SOURCE);
    expect(state().notices.join(' ')).toMatch(/Expression: “%ZZ” is not valid percent-encoding/);
    await settle();
    stop2();
  });

  it('a linked expression without at= starts every variable at 1, as the README says', async () => {
    const h = host('#expr=x*y');
    const stopLab = startLab(useLab, runner, h);
    const stop = startPlayground(useLab, engine());
    await settle();
    expect(state().exprResult?.at).toEqual({ x: 1, y: 1 });
    expect(state().exprValues).toEqual({ x: 1, y: 1 });
    stop();
    stopLab();
  });
});
