import { TensorOp, type TensorTape } from '../tensor/tape.ts';
import { SAVED_BYTES_PER_NODE } from './saved-graph.ts';

/**
 * What PyTorch 1.13 builds for a forward pass recorded on a tensor tape, op for op as the bug
 * scripts write it (`X @ W1 + b1`, `torch.relu`, `F.cross_entropy`): its autograd nodes and the
 * bytes of the tensors they save. Counted from the tape's own ops and shapes; the graph-alive
 * script counts the same in PyTorch (nodes reachable from the total, saved tensors still alive).
 */
export interface TorchGraph {
  /** Backward nodes of the ops: MmBackward0, AddBackward0, ReluBackward0 …; the fused loss is two (LogSoftmaxBackward0, NllLossBackward0). */
  opNodes: number;
  /** AccumulateGrad nodes, one per input that requires a gradient: shared by every forward over the same parameters. */
  leafNodes: number;
  /**
   * Bytes of the tensors the ops save that the caller does not hold (inputs and parameters are
   * the caller's), each counted once: relu's result (also saved by the next matmul), the
   * log-softmax's result, and the loss's 8-byte total weight.
   */
  savedBytes: number;
}

/** Nodes PyTorch records for each tensor-tape op. */
const NODES: Readonly<Record<number, number>> = {
  [TensorOp.MatMul]: 1,
  [TensorOp.AddRow]: 1,
  [TensorOp.Relu]: 1,
  [TensorOp.Softmax]: 1,
  [TensorOp.SoftmaxCrossEntropy]: 2,
  [TensorOp.Hadamard]: 1,
  [TensorOp.Sum]: 1,
};

/** The nodes and saved bytes of PyTorch's graph for the tape's forward pass. */
export function torchGraphOf(tape: TensorTape): TorchGraph {
  let opNodes = 0;
  let leafNodes = 0;
  const saved = new Set<number>();
  let extra = 0;
  const save = (id: number) => {
    if (id >= 0 && tape.op[id] !== TensorOp.Leaf) saved.add(id);
  };
  for (let i = 0; i < tape.length; i++) {
    const op = tape.op[i];
    if (op === TensorOp.Leaf) {
      if (tape.needsGrad[i]) leafNodes++;
      continue;
    }
    opNodes += NODES[op] ?? 1;
    if (op === TensorOp.MatMul || op === TensorOp.Hadamard) {
      save(tape.parentA[i]);
      save(tape.parentB[i]);
    } else if (op === TensorOp.Relu || op === TensorOp.Softmax) {
      save(i);
    } else if (op === TensorOp.SoftmaxCrossEntropy) {
      // log_softmax saves its result (one value per logit); nll_loss its total weight (a 0-d tensor).
      extra += tape.values[tape.parentA[i]].data.byteLength + SAVED_BYTES_PER_NODE;
    }
  }
  let savedBytes = extra;
  for (const id of saved) savedBytes += tape.values[id].data.byteLength;
  return { opNodes, leafNodes, savedBytes };
}
