import { describe, expect, it } from 'vitest';
import { evaluatePlayground, type PlaygroundResult } from '../../../../engine/expr/playground.ts';
import { EXPRESSION_PRESETS } from '../../../../engine/expr/presets.ts';
import {
  agreement,
  differenceText,
  gradientText,
  matchingPreset,
  resultSentence,
  shortLabel,
  shownTapeOf,
  sliderRange,
  splitAt,
} from '../../../../app/sections/playground/resultView.ts';
import { createExprPlayer } from '../../../../app/sections/playground/exprPlayer.ts';
import { useLab } from '../../../../app/state/store/index.ts';
import { tapeFrame, tapeStatics } from '../../../../app/ui/tape/model.ts';
import { nodeTag } from '../../../../app/ui/tape/labels.ts';

function result(source: string, at: Record<string, number>): PlaygroundResult {
  const out = evaluatePlayground({ source, at });
  if (!out.ok) throw new Error(out.problem.message);
  return out.result;
}

describe('the playground’s result, mapped for the tape components', () => {
  it('names every node by the source text it computes, cut to fit above its box', () => {
    const r = result('x*y + sin(x^2) - ln(y)', { x: 0.5, y: 4 });
    const view = shownTapeOf(r);
    expect(view.name).toEqual(['x', 'y', 'x*y', 'x^2', 'sin(x^2)', 'x*y + sin(x…', 'ln(y)', 'x*y + sin(x…']);
    expect(nodeTag(view, 4)).toBe('sin(x^2)');
    expect(view.adjoint).toBe(r.tape.adjoint);
    expect(shortLabel('abcdefghijklmnop', 6)).toBe('abcde…');
  });

  it('runs the chain’s player model unchanged: the finished sweep’s adjoints are the reverse gradient', () => {
    const r = result('x*x + x', { x: 3 });
    const statics = tapeStatics(shownTapeOf(r));
    const end = tapeFrame(statics, statics.tl.end, false);
    expect(end.right!.adjoint[0]).toBe(7);
    const wrong = tapeFrame(statics, statics.tl.end, true);
    expect(wrong.wrong!.adjoint[0]).toBe(r.rows[0].overwritten);
  });

  it('a new tape opens at the end of the sweep, and later tapes keep the place they can', () => {
    const player = createExprPlayer();
    const a = shownTapeOf(result('x*x + x', { x: 3 }));
    player.getState().showTape(a);
    expect(player.getState().position).toBe(tapeStatics(a).tl.end);
    player.getState().seek(2);
    player.getState().select(4);
    player.getState().showTape(shownTapeOf(result('x*x', { x: 3 })));
    expect(player.getState().position).toBe(2);
    expect(player.getState().selected).toBe(-1);
    expect(useLab.getState().position).toBe(0);
  });
});

describe('how the gradient table prints', () => {
  it('prints 12 significant digits, the minus sign, and NaN and infinities in words', () => {
    expect(gradientText(4.968912421710645)).toBe('4.96891242171');
    expect(gradientText(-0.25)).toBe('−0.25');
    expect(gradientText(1.5e-7)).toBe('1.5e-7');
    expect(gradientText(-2.5e12)).toBe('−2.5e12');
    expect([NaN, Infinity, -Infinity, 0].map(gradientText)).toEqual(['NaN', '∞', '−∞', '0']);
    expect(differenceText(3.6e-12)).toBe('3.6e−12');
    expect(differenceText(0)).toBe('0');
    expect([0, 1e-9, 0.5].map(agreement)).toEqual(['same', 'close', 'far']);
  });

  it('marks a span of the source, and a place past its end', () => {
    expect(splitAt('sin(x))', { start: 6, end: 7 })).toEqual(['sin(x)', ')', '']);
    expect(splitAt('2*(x', { start: 4, end: 4 })).toEqual(['2*(x', '', '']);
    expect(splitAt('ab', { start: 9, end: 12 })).toEqual(['ab', '', '']);
  });

  it('finds the preset on screen only when both its text and its values match', () => {
    const relu = EXPRESSION_PRESETS.find((p) => p.id === 'relu-at-0')!;
    expect(matchingPreset(EXPRESSION_PRESETS, 'relu(x)', { x: 0, y: 5 })).toBe(relu);
    expect(matchingPreset(EXPRESSION_PRESETS, 'relu(x)', { x: 0.1 })).toBeNull();
  });

  it('gives every value a slider range that holds it', () => {
    expect(sliderRange(0.5)).toEqual({ min: -5, max: 5, step: 0.01 });
    expect(sliderRange(-37)).toEqual({ min: -100, max: 100, step: 0.2 });
    for (const v of [0, 5, 5.01, 999, 1e6]) expect(sliderRange(v).max).toBeGreaterThanOrEqual(Math.abs(v));
  });

  it('says the result in one sentence for screen readers', () => {
    expect(resultSentence(result('ln(x)', { x: 0 }))).toBe('f = −∞; ∂f/∂x = ∞. 1 warning.');
  });
});
