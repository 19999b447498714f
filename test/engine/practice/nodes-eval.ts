import type { PracticeNode } from '../../../engine/index.ts';

/**
 * An evaluator of a problem's node list written independently of the tape: each op by its
 * formula, the constants of scale, shift and pow read back from the recorded numbers.
 */
export function evaluateFrom(nodes: readonly PracticeNode[], changed: number, value: number): number {
  const index = new Map(nodes.map((n, i) => [n.id, i]));
  const v = nodes.map((n) => n.value);
  v[changed] = value;
  for (let i = changed + 1; i < nodes.length; i++) {
    const n = nodes[i];
    const [a, b] = n.inputs.map((id) => v[index.get(id)!]);
    const [a0] = n.inputs.map((id) => nodes[index.get(id)!].value);
    const p0 = n.partials[n.inputs[0]];
    switch (n.op) {
      case 'input': break;
      case 'mul': v[i] = a * b; break;
      case 'div': v[i] = a / b; break;
      case 'add': v[i] = a + b; break;
      case 'sub': v[i] = a - b; break;
      case 'neg': v[i] = -a; break;
      case 'sin': v[i] = Math.sin(a); break;
      case 'cos': v[i] = Math.cos(a); break;
      case 'exp': v[i] = Math.exp(a); break;
      case 'log': v[i] = Math.log(a); break;
      case 'sqrt': v[i] = Math.sqrt(a); break;
      case 'tanh': v[i] = Math.tanh(a); break;
      case 'relu': v[i] = Math.max(a, 0); break;
      case 'atan': v[i] = Math.atan(a); break;
      case 'square': v[i] = a * a; break;
      case 'scale': v[i] = p0 * a; break;
      case 'shift': v[i] = a + (n.value - a0); break;
      // value = u^k and partial = k·u^(k−1), so k = partial·u/value; k is a small whole number here.
      case 'pow': v[i] = Math.pow(a, Math.round((p0 * a0) / n.value)); break;
      default: throw new Error(`no formula for ${n.op}`);
    }
  }
  return v[nodes.length - 1];
}

/** ∂f/∂node by a central difference through `evaluateFrom`. */
export function centralAdjoint(nodes: readonly PracticeNode[], i: number): number {
  const x = nodes[i].value;
  const h = 1e-6 * Math.max(1, Math.abs(x));
  return (evaluateFrom(nodes, i, x + h) - evaluateFrom(nodes, i, x - h)) / (2 * h);
}
