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
 *   exist and the tape uses a subgradient (relu'(0) = 0, |x|'(0) = 0), or at a point where the
 *   tape follows PyTorch's convention (0^0 = 1, a tie of max or min).
 * - `precision`: central differences cannot resolve the slope at this point.
 */
export interface ExprWarning {
  readonly kind: 'domain' | 'convention' | 'precision';
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
    const op = tape.opName(i);
    if (op === 'max' || op === 'min' || op === 'power' || op === 'pow') {
      const note = conventionNote(tape, i, nodes[i]);
      if (note) add({ kind: 'convention', message: note, node: i, span: nodes[i].span });
      continue;
    }
    const kink = KINKS[tape.op(i)];
    if (!kink) continue;
    const x = tape.value(tape.parents(i)[0] as NodeId);
    if (x !== kink.at) continue;
    const message = kink.says.replace('{where}', nodes[i].label);
    add({ kind: 'convention', message, node: i, span: nodes[i].span });
  }
  return out;
}

/** The conventions the tape shares with PyTorch at a tie of max or min, and at 0^0. */
function conventionNote(tape: Tape, i: number, source: NodeSource): string | null {
  const [p0, p1] = tape.parents(i);
  const x = tape.value(p0 as NodeId);
  const op = tape.opName(i);
  const y = op === 'pow' ? (tape.opConstant(i) ?? NaN) : tape.value(p1 as NodeId);
  if ((op === 'max' || op === 'min') && x === y) {
    return `'${source.label}' is a tie (both operands are ${showNumber(x)}): the gradient is split in half between them, as torch.${op === 'max' ? 'maximum' : 'minimum'} does`;
  }
  if ((op === 'power' || op === 'pow') && x === 0 && y === 0) {
    return `'${source.label}' is 0^0, taken as 1 with partials 0, as PyTorch does`;
  }
  return null;
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
    case 'power': {
      const y = p1 === undefined ? NaN : tape.value(p1 as NodeId);
      if (x < 0 && Number.isInteger(y)) {
        return (
          `'${label}' has a negative base (${vx}) and a whole-number exponent (${showNumber(y)}): as in PyTorch, its value is ${showNumber(value)} ` +
          `and ∂/∂base = ${showNumber(tape.partials(i)[0])}, but ∂/∂exponent = x^y·ln x is NaN (ln of a negative number is not real)`
        );
      }
      if (x < 0) return `'${label}' is NaN: a negative base (${vx}) needs a whole-number exponent, not ${showNumber(y)} (PyTorch gives NaN too)`;
      if (x === 0 && y < 0) return `'${label}' at 0 is ${showNumber(value)}: a negative power of 0 is infinite`;
      if (x === 0) return `the slope of '${label}' at base 0 is infinite: x^${showNumber(y)} is not differentiable at 0`;
      break;
    }
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
