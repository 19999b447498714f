/**
 * Rule problems: write a primitive's local partial as an expression, checked at several points
 * against the tape and central differences, with a counterexample when it is wrong.
 */
import { floatArith } from '../arith.ts';
import { compileExpression, type CompiledExpression } from '../expr/compile.ts';
import { ParseError } from '../expr/errors.ts';
import { gradExpression } from '../expr/grad.ts';
import { runProgram } from '../program.ts';
import { show4, shortValue } from './numbers.ts';
import { prngFor } from './prng.ts';
import type { PracticeLevel, RulePoint, RuleProblem } from './types.ts';

/** An op to differentiate, the rule for each variable, and whether its variables must be positive. */
interface RuleRow {
  op: string;
  answer: Record<string, string>;
  positive?: boolean;
}

/**
 * The ops by level: 1 a primitive; 2 a product or composition of one input; 3 an op of two
 * inputs (both partials); 4 the pieces of a neuron and its loss.
 */
export const RULES: Readonly<Record<PracticeLevel, readonly RuleRow[]>> = {
  1: [
    { op: 'sin(u)', answer: { u: 'cos(u)' } },
    { op: 'cos(u)', answer: { u: '-sin(u)' } },
    { op: 'exp(u)', answer: { u: 'exp(u)' } },
    { op: 'ln(u)', answer: { u: '1/u' }, positive: true },
    { op: 'sqrt(u)', answer: { u: '0.5/sqrt(u)' }, positive: true },
    { op: 'tanh(u)', answer: { u: '1 - tanh(u)^2' } },
    { op: 'u^3', answer: { u: '3*u^2' } },
    { op: 'atan(u)', answer: { u: '1/(1 + u^2)' } },
  ],
  2: [
    { op: 'u*sin(u)', answer: { u: 'sin(u) + u*cos(u)' } },
    { op: 'u*exp(u)', answer: { u: '(1 + u)*exp(u)' } },
    { op: 'ln(u)/u', answer: { u: '(1 - ln(u))/u^2' }, positive: true },
    { op: 'sin(u)^2', answer: { u: '2*sin(u)*cos(u)' } },
    { op: 'exp(-u^2)', answer: { u: '-2*u*exp(-u^2)' } },
    { op: 'sqrt(1 + u^2)', answer: { u: 'u/sqrt(1 + u^2)' } },
    { op: 'u*ln(u)', answer: { u: 'ln(u) + 1' }, positive: true },
    { op: 'sigmoid(u)', answer: { u: 'sigmoid(u)*(1 - sigmoid(u))' } },
  ],
  3: [
    { op: 'u*w', answer: { u: 'w', w: 'u' } },
    { op: 'u/w', answer: { u: '1/w', w: '-u/w^2' } },
    { op: 'u^w', answer: { u: 'w*u^(w - 1)', w: 'ln(u)*u^w' }, positive: true },
    { op: 'sin(u*w)', answer: { u: 'w*cos(u*w)', w: 'u*cos(u*w)' } },
    { op: 'u*exp(w)', answer: { u: 'exp(w)', w: 'u*exp(w)' } },
    { op: 'sqrt(u^2 + w^2)', answer: { u: 'u/sqrt(u^2 + w^2)', w: 'w/sqrt(u^2 + w^2)' } },
  ],
  4: [
    { op: 'tanh(u*w)', answer: { u: 'w*(1 - tanh(u*w)^2)', w: 'u*(1 - tanh(u*w)^2)' } },
    { op: '0.5*(u - w)^2', answer: { u: 'u - w', w: 'w - u' } },
    { op: '(tanh(u) - w)^2', answer: { u: '2*(tanh(u) - w)*(1 - tanh(u)^2)', w: '-2*(tanh(u) - w)' } },
    { op: 'ln(1 + exp(u))', answer: { u: '1/(1 + exp(-u))' } },
    { op: 'sigmoid(u*w)', answer: { u: 'w*sigmoid(u*w)*(1 - sigmoid(u*w))', w: 'u*sigmoid(u*w)*(1 - sigmoid(u*w))' } },
  ],
};

/** Points a rule is checked at. */
export const RULE_POINTS = 6;

/** Relative agreement a rule needs with the slope at every point: a rule, not an estimate. */
export const RULE_TOLERANCE = 1e-6;

/** The rule problem for (level, seed): an op of the level and six points inside its domain. */
export function ruleProblem(level: PracticeLevel, seed: number): RuleProblem {
  const rng = prngFor('rule', level, seed);
  const row = rng.pick(RULES[level]);
  const compiled = compileExpression(row.op);
  const variables = [...compiled.variables];
  const points: RulePoint[] = [];
  const seen = new Set<string>();
  while (points.length < RULE_POINTS) {
    const at = Object.fromEntries(variables.map((v) => [v, shortValue(rng, row.positive)]));
    const key = JSON.stringify(at);
    if (seen.has(key)) continue;
    seen.add(key);
    const point = slopeAt(compiled, at);
    if (point) points.push(point);
  }
  return { kind: 'rule', seed, level, op: row.op, variables, answer: { ...row.answer }, points };
}

/**
 * The slope of f at a point by the tape, kept only where central differences agree with it to
 * 1e-6 (so the point is inside f's domain and away from any kink) and it is not 0.
 */
function slopeAt(compiled: CompiledExpression, at: Record<string, number>): RulePoint | null {
  const g = gradExpression(compiled, at, { tape: false });
  const slope = g.gradient.reverse;
  for (const v of compiled.variables) {
    const s = slope[v];
    const fd = g.gradient.finiteDifference[v];
    if (!Number.isFinite(s) || Math.abs(s) < 0.02 || Math.abs(fd - s) > 1e-6 * Math.max(1, Math.abs(s))) return null;
  }
  return { at, slope: { ...slope } };
}

/** The verdict on one rule a student wrote. */
export interface RuleVerdict {
  variable: string;
  right: boolean;
  /** What was wrong: the text did not parse, used a name f lacks, or gave another slope. */
  problem: 'parse' | 'variable' | 'slope' | 'sign' | 'blank' | null;
  message: string;
  /** For a wrong slope: the first point where the rule and the slope differ. */
  counterexample?: { at: Record<string, number>; gives: number; slope: number };
}

/**
 * Checks the student's rule for each variable (an expression in the playground's language) at
 * every point of the problem against the tape's slope there, and again against central
 * differences; a wrong rule gets the first point where it fails as a sentence: "at u = 1.3 your
 * rule gives 0.96; the slope is 1.58".
 */
export function checkRule(problem: RuleProblem, rules: Readonly<Record<string, string | undefined>>): RuleVerdict[] {
  const f = compileExpression(problem.op);
  return problem.variables.map((variable) => {
    const text = (Object.hasOwn(rules, variable) ? rules[variable] : undefined)?.trim() ?? '';
    const name = problem.variables.length > 1 ? `your rule for ∂f/∂${variable}` : 'your rule';
    if (text === '') return { variable, right: false, problem: 'blank', message: `Write ∂f/∂${variable} as an expression.` };
    let rule: CompiledExpression;
    try {
      rule = compileExpression(text);
    } catch (error) {
      if (error instanceof ParseError) return { variable, right: false, problem: 'parse', message: `${capital(name)}: ${error.message}.` };
      throw error;
    }
    const stray = rule.variables.find((v) => !problem.variables.includes(v));
    if (stray !== undefined) {
      const has = problem.variables.join(' and ');
      return { variable, right: false, problem: 'variable', message: `${capital(name)} uses '${stray}'; f has only ${has}.` };
    }
    const value = (point: RulePoint) => runProgram(floatArith, rule.program, rule.variables.map((v) => point.at[v]));
    // The slope with its sign flipped at every point where the slope is not 0: a sign error.
    const flipped = problem.points.filter((pt) => Math.abs(pt.slope[variable]) > 1e-6);
    if (
      flipped.length > 0 &&
      flipped.every((pt) => Math.abs(value(pt) + pt.slope[variable]) <= RULE_TOLERANCE * Math.max(1, Math.abs(pt.slope[variable])))
    ) {
      const pt = flipped[0];
      const where = problem.variables.map((v) => `${v} = ${show4(pt.at[v])}`).join(', ');
      return {
        variable,
        right: false,
        problem: 'sign',
        message: `Sign error: ${name} has the right size and the wrong sign at every point (at ${where} it gives ${show4(value(pt))}).`,
        counterexample: { at: pt.at, gives: value(pt), slope: pt.slope[variable] },
      };
    }
    for (const point of problem.points) {
      const gives = value(point);
      const slope = point.slope[variable];
      const fd = gradExpression(f, point.at, { tape: false }).gradient.finiteDifference[variable];
      const off = (s: number): boolean => !(Math.abs(gives - s) <= RULE_TOLERANCE * Math.max(1, Math.abs(s)));
      // The tape's slope decides; central differences (to their own accuracy) must agree with it.
      if (off(slope) || Math.abs(gives - fd) > 1e-5 * Math.max(1, Math.abs(fd))) {
        const where = problem.variables.map((v) => `${v} = ${show4(point.at[v])}`).join(', ');
        const said = Number.isFinite(gives) ? show4(gives) : `${gives} (undefined there)`;
        return {
          variable,
          right: false,
          problem: 'slope',
          message: `At ${where} ${name} gives ${said}; the slope is ${show4(slope)}.`,
          counterexample: { at: point.at, gives, slope },
        };
      }
    }
    return { variable, right: true, problem: null, message: `Right: ${name} matches the slope at all ${problem.points.length} points.` };
  });
}

function capital(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}

