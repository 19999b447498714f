import { matrix } from '../tensor/matrix.ts';
import { mlpGradient, MLP_PARAM_NAMES, type MlpParams, type TrainOptions } from '../tensor/mlp.ts';
import { trainingSetup } from '../tensor/trainer.ts';
import { torchGraphOf } from './torch-graph.ts';

/** What one training loop of the tensor section did, step by step. */
export interface TrainingRun {
  /** The batch loss before each step's update. */
  losses: Float64Array;
  /** Bytes of each step's tensor tape (counted from the tape: TensorTape.memory), the most held when nothing keeps a graph. */
  stepBytes: Float64Array;
  /**
   * PyTorch's autograd nodes reachable after each step from a running total kept as a tensor
   * (`total += loss`, with `loss.backward()` every step): each step's graph (its op nodes and the
   * sum's node) stays, the parameters' AccumulateGrad nodes once. Their saved tensors are gone:
   * each backward freed them.
   */
  aliveNodes: Float64Array;
  /**
   * Bytes of saved tensors PyTorch holds after each forward of an evaluation loop that never calls
   * backward and keeps the total as a tensor (no `torch.no_grad()`): every forward's, since
   * nothing frees them.
   */
  evaluationBytes: Float64Array;
  /** Bytes one forward's graph saves (freed by its backward), and its nodes (op nodes + the sum's). */
  forwardSavedBytes: number;
}

/** How the loop goes wrong: `zeroGrad: false` forgets optimizer.zero_grad(). */
export interface TrainingSwitches {
  zeroGrad?: boolean;
}

/**
 * The tensor section's training loop (engine/tensor's createTrainer: the same data, initial
 * weights, mini-batch draws and SGD step θ ← θ − η·g) written as a PyTorch user writes it, with
 * the `.grad` buffers explicit. Without `zeroGrad`, each step's gradient is added to the last
 * ones (`.grad +=`, never cleared), so the update after s steps uses the sum of all s gradients.
 * With it, the losses are those of `train(steps, options)` bit for bit. Either way it counts the
 * bytes each step's tape holds, and what PyTorch keeps when a loss total is kept as a tensor: the
 * autograd nodes of every step (backward each step) or every forward's saved tensors (no backward).
 */
export function trainWithBugs(steps: number, options: TrainOptions = {}, bugs: TrainingSwitches = {}): TrainingRun {
  const { params, lr, bx, by, draw } = trainingSetup(options);
  const grad: MlpParams = {
    w1: matrix(params.w1.rows, params.w1.cols),
    b1: matrix(params.b1.rows, params.b1.cols),
    w2: matrix(params.w2.rows, params.w2.cols),
    b2: matrix(params.b2.rows, params.b2.cols),
  };
  const losses = new Float64Array(steps);
  const stepBytes = new Float64Array(steps);
  const aliveNodes = new Float64Array(steps);
  const evaluationBytes = new Float64Array(steps);
  let forwardSavedBytes = 0;
  for (let s = 0; s < steps; s++) {
    draw();
    if (bugs.zeroGrad ?? true) for (const k of MLP_PARAM_NAMES) grad[k].data.fill(0);
    const step = mlpGradient(params, bx, by);
    losses[s] = step.loss;
    stepBytes[s] = step.tape.memory().total;
    // The total's graph reaches this step's nodes and, through the total before it, every earlier one.
    const torch = torchGraphOf(step.tape);
    forwardSavedBytes = torch.savedBytes;
    aliveNodes[s] = (s + 1) * (torch.opNodes + 1) + torch.leafNodes;
    evaluationBytes[s] = (s + 1) * torch.savedBytes;
    for (const k of MLP_PARAM_NAMES) {
      const g = grad[k].data;
      const d = step.grad[k].data;
      const p = params[k].data;
      for (let j = 0; j < p.length; j++) {
        g[j] += d[j];
        p[j] -= lr * g[j];
      }
    }
  }
  return { losses, stepBytes, aliveNodes, evaluationBytes, forwardSavedBytes };
}
