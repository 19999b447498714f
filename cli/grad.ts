import {
  compileExpression,
  constantValue,
  expressionHvp,
  gradExpression,
  evaluationTrace,
  ExprInputError,
  FUNCTIONS,
  ParseError,
  type CompiledExpression,
  type ExprGradient,
  type ExprHvp,
  type EvaluationTrace,
} from '../engine/index.ts';
import { UsageError } from './errors.ts';
import { parseDecimal, quoteSafely } from '../engine/number-text.ts';
import { numberOption, parseOptions, quoted } from './args.ts';
import { fmt, table } from './table.ts';
import { printJson } from './print-json.ts';

export const GRAD_HELP = `tape-lab grad EXPR --at x=0.5,y=4 [--eps H] [--hvp x=1,y=0] [--trace [--wrt x]] [--json]
  Value and gradient of an expression by reverse mode (the tape), dual numbers and central
  differences, with domain warnings. EXPR uses + - * / ^ (or **), unary minus, parentheses,
  numbers (1e-3), pi, e, ${FUNCTIONS.join(' ')} (ln = log = natural log), max(a, b), min(a, b)
  and the method forms x.relu() x.tanh() x.exp() x.log() x.sigmoid().
  EXPR may be a short program: statements on lines or after ';', name = expr, += -= *= /=,
  name = Value(number) for an input with its value, # comments; print(…) and g.backward()
  lines are skipped. The last assigned name (or a final expression) is the output.
  --at values may be constants and arithmetic (x=pi/2); they override Value(…).
  --trace prints the forward primal, forward tangent (for --wrt, default the first input)
  and reverse adjoint traces.
  --eps sets the central-difference step h·max(1, |x|) (default ∛ε ≈ 6.06e-6).
  --hvp v: the Hessian-vector product H·v along v (name=value pairs; a variable left out is 0)
  by forward over reverse, checked against central differences of the reverse gradient.`;

const OPTIONS = {
  at: { type: 'string' },
  eps: { type: 'string' },
  hvp: { type: 'string' },
  trace: { type: 'boolean' },
  wrt: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** `tape-lab grad`: value and gradient of one expression at one point. */
export function gradCommand(argv: string[]): string {
  const { expression, rest } = splitExpression(argv);
  const { values } = parseOptions(rest, OPTIONS, 'grad');
  let compiled: CompiledExpression;
  try {
    compiled = compileExpression(expression);
  } catch (err) {
    if (err instanceof ParseError) throw new UsageError(err.message);
    throw err;
  }
  const at = parseAt(values.at, compiled.variables, compiled.declared);
  const eps = numberOption('eps', values.eps);
  if (eps !== undefined && !(eps > 0)) throw new UsageError(`--eps must be a positive number; got ${quoted(values.eps!)}`);
  const direction = values.hvp === undefined ? null : parseHvp(values.hvp, compiled.variables);
  if (values.wrt !== undefined && !values.trace) throw new UsageError('--wrt chooses the input of the tangent trace: use it with --trace');
  if (values.wrt !== undefined && !compiled.variables.includes(values.wrt)) {
    throw new UsageError(`--wrt ${quoted(values.wrt)} is not an input (${compiled.variables.length > 0 ? `the inputs are ${compiled.variables.join(', ')}` : 'there are none'})`);
  }
  let r: ExprGradient;
  let hvp: ExprHvp | null = null;
  try {
    r = gradExpression(compiled, at, { strict: true, h: eps, tape: values.trace ?? false });
    if (direction) hvp = expressionHvp(compiled, at, direction);
  } catch (err) {
    if (err instanceof ExprInputError) throw new UsageError(err.message);
    throw err;
  }
  const trace = values.trace && r.tape ? evaluationTrace(r.tape, r.variables) : null;
  const wrt = values.wrt ?? r.variables[0] ?? null;
  if (values.json) {
    return printJson({ ...gradJson(r, compiled), ...(hvp ? { hvp: hvpJson(hvp) } : {}), ...(trace ? { trace: traceJson(trace, wrt) } : {}) });
  }
  const parts = [summary(r, compiled)];
  if (hvp) parts.push(hvpSummary(hvp));
  if (trace) parts.push(traceText(trace, wrt));
  return parts.join('\n\n');
}

/** The `trace` key of `grad --trace --json`: the three traces, the tangent one for `wrt`. */
export function traceJson(t: EvaluationTrace, wrt: string | null): Record<string, unknown> {
  const tangent = wrt === null ? null : t.tangents[wrt];
  return {
    primal: t.rows.map((row) => ({ v: row.symbol, name: row.name, formula: row.primal, value: row.value })),
    tangent: { wrt, rows: t.rows.map((row, i) => ({ v: row.symbol, formula: row.tangent, value: tangent ? tangent[i] : null })) },
    adjoint: t.reverse.map((s) => ({ from: t.rows[s.from].symbol, to: t.rows[s.to].symbol, formula: s.text, partial: s.partial, contribution: s.amount, total: s.total })),
    gradient: Object.fromEntries(t.variables.map((name, j) => [name, t.adjoints[j]])),
  };
}

/** The three traces as text: primal and tangent side by side (same rows), then the reverse trace. */
export function traceText(t: EvaluationTrace, wrt: string | null): string {
  const tangent = wrt === null ? null : t.tangents[wrt];
  const dot = wrt === null ? 'v̇' : `v̇ = ∂v/∂${wrt}`;
  const forward = table([
    ['', 'name', 'forward primal trace', 'value', `forward tangent trace (${dot})`, 'tangent'],
    ...t.rows.map((row, i) => [row.symbol, row.name ?? '', `${row.symbol} = ${row.primal}`, fmt(row.value, 6), row.tangent === 'seed' ? `seed ${row.node === t.variables.indexOf(wrt ?? '') ? 1 : 0}` : row.tangent, tangent ? fmt(tangent[i], 6) : '']),
  ]);
  const y = t.rows[t.output];
  const reverse = table([
    ['reverse adjoint trace', 'contribution', 'adjoint after'],
    [`${y.symbol.replace('v', 'v̄')} = ȳ = 1`, '', '1'],
    ...t.reverse.map((s) => [s.text, fmt(s.amount, 6), fmt(s.total, 6)]),
  ]);
  const result = `y = ${y.symbol} = ${fmt(y.value, 6)}${tangent ? `; ẏ = ∂y/∂${wrt} = ${fmt(tangent[t.output], 6)}` : ''}; adjoints ${t.variables.map((name, j) => `${name} = ${fmt(t.adjoints[j], 6)}`).join(', ')}`;
  return [`Evaluation traces (inputs ${t.variables.map((name, j) => `${t.rows[j].symbol} = ${name}`).join(', ') || 'none'}):`, forward, '', reverse, '', result].join('\n');
}

/** `--hvp x=1,y=0`: a direction per variable, 0 for the ones not named. */
export function parseHvp(text: string, variables: readonly string[]): Record<string, number> {
  const v = new Map<string, number>();
  for (const pair of text.split(',')) {
    const eq = pair.indexOf('=');
    if (eq < 0) throw new UsageError(`--hvp takes name=value pairs separated by commas; got ${quoted(pair.trim())}`);
    const name = pair.slice(0, eq).trim();
    const value = parseDecimal(pair.slice(eq + 1).trim());
    if (!variables.includes(name)) throw new UsageError(`--hvp gives ${quoted(name)}, which the expression does not use`);
    if (!Number.isFinite(value)) throw new UsageError(`--hvp: the value of '${name}' must be a finite number`);
    if (v.has(name)) throw new UsageError(`--hvp gives '${name}' twice`);
    v.set(name, value);
  }
  return Object.fromEntries(v);
}

/** The `hvp` key of `grad --json --hvp`: the direction, H·v, and its central-difference check. */
function hvpJson(h: ExprHvp): Record<string, unknown> {
  return { direction: h.direction, hvp: h.hvp, check: { finiteDifference: { h: h.h, maxRelative: h.maxRelative, values: h.finiteDifference } } };
}

function hvpSummary(h: ExprHvp): string {
  return [
    `H·v along v = (${h.variables.map((n) => `${n}: ${fmt(h.direction[n])}`).join(', ')}) by forward over reverse (the sweep on dual numbers):`,
    table([['', 'v', '(H·v) dual sweep', 'central difference of ∇f'], ...h.variables.map((n) => [n, fmt(h.direction[n]), fmt(h.hvp[n], 12), fmt(h.finiteDifference[n], 12)])]),
    `largest difference ${fmt(h.maxRelative)} of max(1, |H·v|), at h = ${fmt(h.h)}`,
  ].join('\n');
}

/**
 * The expression is the one argument that is not an option or an option's value. Taken out
 * before option parsing, so an expression that starts with '-' ("-x^2") is not read as a flag.
 */
function splitExpression(argv: string[]): { expression: string; rest: string[] } {
  const positional: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    const name = a.startsWith('--') ? a.slice(2).split('=')[0] : null;
    if (name !== null) {
      if (!Object.hasOwn(OPTIONS, name)) {
        throw new UsageError(
          `unknown option ${quoteSafely(a, 80)} for 'grad'; an expression that starts with '-' goes after '--', as in: tape-lab grad --at x=1 -- -x`,
        );
      }
      rest.push(a);
      const spec = Object.hasOwn(OPTIONS, name) ? OPTIONS[name as keyof typeof OPTIONS] : undefined;
      if (spec?.type === 'string' && !a.includes('=') && i + 1 < argv.length) rest.push(`${argv[++i]}`);
    } else positional.push(a);
  }
  if (positional.length === 0) {
    throw new UsageError('give an expression, as in: tape-lab grad "x*y + sin(x^2)" --at x=0.5,y=4');
  }
  if (positional.length > 1) {
    throw new UsageError(`give one expression, quoted if it has spaces; got ${positional.length} arguments: ${positional.slice(0, 3).map(quoted).join(' ')}${positional.length > 3 ? ' …' : ''}`);
  }
  return { expression: positional[0], rest };
}

/** `--at x=0.5,y=4` as a value per variable, checked against the expression's variables. */
export function parseAt(text: string | undefined, variables: readonly string[], declared: Readonly<Record<string, number>> = {}): Record<string, number> {
  const at = new Map<string, number>();
  const pairs = text === undefined || text.trim() === '' ? [] : text.split(',');
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq < 0) throw new UsageError(`--at takes name=value pairs separated by commas; got ${quoted(pair.trim())}`);
    const name = pair.slice(0, eq).trim();
    const valueText = pair.slice(eq + 1).trim();
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new UsageError(`--at: ${quoted(name)} is not a variable name`);
    // A decimal, or the constants and arithmetic of an expression (pi/2, -1e-3, 2*e);
    // 0x10, 0o7 and 0b1 are refused, as the app refuses them in a link.
    let value = parseDecimal(valueText);
    if (Number.isNaN(value) && valueText !== '' && !/^[+-]?(nan|infinity)$/i.test(valueText)) {
      try {
        value = constantValue(valueText);
      } catch (err) {
        if (err instanceof ParseError) throw new UsageError(`--at: the value of '${name}' must be a finite number or constant arithmetic such as pi/2; got ${quoted(valueText)} (${err.reason})`);
        throw err;
      }
    }
    if (!Number.isFinite(value)) throw new UsageError(`--at: the value of '${name}' must be a finite number; got ${quoted(valueText)}`);
    if (at.has(name)) throw new UsageError(`--at gives '${name}' twice`);
    if (!variables.includes(name)) {
      const uses = variables.length > 0 ? `it uses ${variables.join(', ')}` : 'it has no variables';
      throw new UsageError(`--at gives '${name}', which the expression does not use (${uses})`);
    }
    at.set(name, value);
  }
  const missing = variables.filter((v) => !at.has(v) && !Object.hasOwn(declared, v));
  if (missing.length > 0) {
    throw new UsageError(
      `--at lacks a value for ${missing.map((m) => `'${m}'`).join(', ')} (the expression uses ${variables.join(', ')}; e.g. --at ${variables.map((v) => `${v}=1`).join(',')})`,
    );
  }
  // fromEntries defines own properties, so a variable named __proto__ is a value like any other.
  return Object.fromEntries(at);
}

/** The JSON the design fixes: value, gradient (reverse mode) by name, the other methods, warnings. */
export function gradJson(r: ExprGradient, c: CompiledExpression): Record<string, unknown> {
  return {
    expression: r.source,
    variables: r.variables,
    at: r.at,
    value: r.value,
    gradient: r.gradient.reverse,
    forward: r.gradient.forward,
    finiteDifference: r.gradient.finiteDifference,
    finiteDifferenceStep: r.finiteDifferenceStep,
    differences: r.differences,
    tape: { nodes: c.nodes.length, inputs: r.variables.length },
    ...(c.isProgram ? { output: c.nodes[c.program.output]?.label ?? null, declared: c.declared, skipped: c.notes.map((n) => ({ line: n.line, text: n.text, note: n.note })) } : {}),
    warnings: r.warnings.map((w) => w.message),
  };
}

function summary(r: ExprGradient, c: CompiledExpression): string {
  const point = r.variables.map((v) => `${v} = ${fmt(r.at[v], 12)}`).join(', ');
  const head = c.isProgram ? `f = ${c.nodes[c.program.output]?.label ?? 'output'}, the output of the program` : `f = ${r.source}`;
  const lines = [`${head}${point ? `   at ${point}` : ''}`, `value ${fmt(r.value, 12)}`, ''];
  if (c.notes.length > 0) {
    lines.splice(2, 0, ...c.notes.map((n) => `  line ${n.line} skipped: ${quoteSafely(n.text, 60)} (${n.note})`));
  }
  if (r.variables.length === 0) lines.push('no variables: the gradient is empty');
  else {
    const g = r.gradient;
    lines.push(
      table([
        ['∂f/∂', 'reverse (tape)', 'forward (dual)', 'central difference', 'h'],
        ...r.variables.map((v) => [
          v,
          fmt(g.reverse[v], 12),
          fmt(g.forward[v], 12),
          fmt(g.finiteDifference[v], 12),
          fmt(r.finiteDifferenceStep[v]),
        ]),
      ]),
    );
    lines.push('');
    lines.push(
      `largest relative difference from reverse mode: forward ${fmt(r.differences.forwardVsReverseMax)}, central differences ${fmt(r.differences.finiteDifferenceVsReverseMax)}`,
    );
  }
  const n = r.variables.length;
  lines.push(
    `tape: ${c.nodes.length} nodes (${n} input${n === 1 ? '' : 's'}); reverse 1 evaluation + 1 sweep, forward ${n} dual pass${n === 1 ? '' : 'es'}, central differences ${2 * n} evaluations`,
  );
  if (r.warnings.length > 0) {
    lines.push('', 'warnings:', ...r.warnings.map((w) => `  - ${w.message}`));
  }
  return lines.join('\n');
}
