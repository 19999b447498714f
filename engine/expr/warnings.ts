import { KINKS } from '../ops.ts';
import type { NodeId, Tape, TapeIssue } from '../tape.ts';
import type { Span } from './ast.ts';
import type { NodeSource } from './compile.ts';

/**
 * Something a learner should know about a result, tied to the tape node and the source
 * characters it comes from.
 *
 * - `domain`: a primitive left its domain or overflowed (ln 0, √ of a negative number, 1/0,
 *   exp 1000); its value or local partial is not finite, and so may be everything downstream.
 * - `convention`: the expression was evaluated exactly at a kink, where the derivative does not
 *   exist and the tape uses a subgradient (relu'(0) = 0, |x|'(0) = 0).
 */
export interface ExprWarning {
  readonly kind: 'domain' | 'convention';
  readonly message: string;
  /** The tape node (= program register) concerned. */
  readonly node: number;
  readonly span: Span;
}

/** A number as a message shows it: up to 6 significant digits. */
export function showNumber(x: number): string {
  if (!Number.isFinite(x) || Number.isInteger(x)) return String(x);
  return String(Number(x.toPrecision(6)));
}

/**
 * Plain-words warnings for a recorded expression. Of the tape's issues, only those that start a
 * hazard are kept (a node whose inputs are all finite): the nodes downstream of ln(0) are
 * consequences, not news. Kinks met exactly are listed with the convention in use.
 */
export function describeHazards(tape: Tape, nodes: readonly NodeSource[]): ExprWarning[] {
  const out: ExprWarning[] = [];
  const seen = new Set<string>();
  const add = (w: ExprWarning): void => {
    if (seen.has(w.message)) return;
    seen.add(w.message);
    out.push(w);
  };
  for (const issue of tape.issues) {
    const parents = tape.parents(issue.node);
    if (parents.some((p) => !Number.isFinite(tape.value(p as NodeId)))) continue;
    const source = nodes[issue.node];
    add({ kind: 'domain', message: domainMessage(tape, issue, source), node: issue.node, span: source.span });
  }
  for (let i = 0; i < tape.length; i++) {
    // The kinks and their conventions are the op table's (ops.ts).
    const kink = KINKS[tape.op(i)];
    if (!kink) continue;
    const x = tape.value(tape.parents(i)[0] as NodeId);
    if (x !== kink.at) continue;
    const message = kink.says.replace('{where}', nodes[i].label);
    add({ kind: 'convention', message, node: i, span: nodes[i].span });
  }
  return out;
}

function domainMessage(tape: Tape, issue: TapeIssue, source: NodeSource): string {
  const i = issue.node;
  const value = tape.value(i as NodeId);
  const [p0, p1] = tape.parents(i);
  const x = p0 === undefined ? NaN : tape.value(p0 as NodeId);
  const label = source.label;
  const vx = showNumber(x);
  switch (issue.op) {
    case 'log':
      if (source.power) {
        return `'${source.text}' with a variable exponent is computed as exp(y·ln x), which needs a positive base; here the base is ${vx}`;
      }
      if (x === 0) return `${source.fn ?? 'ln'}(0) is -Infinity: the logarithm needs a positive argument`;
      if (x < 0) return `${source.fn ?? 'ln'}(${vx}) is NaN: the logarithm needs a positive argument`;
      break;
    case 'sqrt':
      if (x === 0) {
        return `sqrt'(0) is infinite in '${label}': the slope of √x at 0 is unbounded, so gradients through it are infinite or NaN (a small epsilon inside helps, as in sqrt(x^2 + 1e-12))`;
      }
      if (x < 0) return `sqrt(${vx}) is NaN in '${label}': the square root needs a non-negative argument`;
      break;
    case 'div':
      if (p1 !== undefined && tape.value(p1 as NodeId) === 0) {
        return source.fn === 'tan'
          ? `'${label}' is undefined: tan x = sin x / cos x and cos is 0 here`
          : `'${label}' divides by zero: its value is ${showNumber(value)} and its slope is infinite`;
      }
      break;
    case 'pow': {
      const p = tape.opConstant(i) ?? NaN;
      if (x < 0 && !Number.isInteger(p)) {
        return `'${label}' is NaN: a negative base (${vx}) needs a whole-number exponent, not ${showNumber(p)}`;
      }
      if (x === 0) {
        return p < 0
          ? `'${label}' at 0 is ${showNumber(value)}: a negative power of 0 is infinite`
          : `the slope of '${label}' at 0 is infinite: x^${showNumber(p)} is not differentiable at 0`;
      }
      break;
    }
    case 'exp':
      if (value === Infinity) return `'${label}' overflows: exp(${vx}) is larger than the largest double (exp of more than about 709.78)`;
      break;
  }
  if (value === Infinity || value === -Infinity) return `'${label}' overflows to ${value}`;
  return `'${label}': ${issue.message}`;
}
