/**
 * The reverse sweep of a practice problem as events a student can follow, computed from the
 * problem's own node list (not the tape), optionally with one wrong event whose error the later
 * events carry on, as a buggy implementation would.
 */
import { edgePartial, type PracticeNode, type SweepBug, type SweepEvent } from './types.ts';

/** Which event goes wrong, and how. */
export interface InjectedBug {
  index: number;
  mistake: SweepBug;
}

/** The edges the sweep visits, in its order: nodes newest first, each node's inputs in order. */
export function sweepEdges(nodes: readonly PracticeNode[]): { node: number; parent: number; slot: number }[] {
  const index = new Map(nodes.map((n, i) => [n.id, i]));
  const edges: { node: number; parent: number; slot: number }[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) {
    nodes[i].inputs.forEach((id, slot) => edges.push({ node: i, parent: index.get(id)!, slot }));
  }
  return edges;
}

/**
 * The sweep adj[parent] += ∂node/∂parent · adj[node] from adj[output] = 1, one event per edge
 * (every edge, even one whose node's adjoint is 0). With `bug`, event `bug.index` is done wrong
 * (an overwrite: adj[parent] = contribution; a missing factor: contribution = adj[node]; a
 * swapped partial: the other input's partial; a sign: −partial · adj[node]) and every later
 * event is done right on the numbers the sweep then holds.
 */
export function sweepEvents(nodes: readonly PracticeNode[], bug?: InjectedBug): SweepEvent[] {
  const adj = new Float64Array(nodes.length);
  adj[nodes.length - 1] = 1;
  return sweepEdges(nodes).map((e, k) => {
    const n = nodes[e.node];
    const parentId = n.inputs[e.slot];
    let partial = edgePartial(n, e.slot);
    const nodeAdjoint = adj[e.node];
    let contribution = partial * nodeAdjoint;
    const before = adj[e.parent];
    let after = before + contribution;
    if (bug && bug.index === k) {
      switch (bug.mistake) {
        case 'overwrite':
          after = contribution;
          break;
        case 'missing-factor':
          contribution = nodeAdjoint;
          after = before + contribution;
          break;
        case 'swapped-partial':
          partial = edgePartial(n, 1 - e.slot);
          contribution = partial * nodeAdjoint;
          after = before + contribution;
          break;
        case 'sign':
          contribution = -contribution;
          after = before + contribution;
          break;
      }
    }
    adj[e.parent] = after;
    return { node: n.id, parent: parentId, partial, nodeAdjoint, contribution, before, after };
  });
}
