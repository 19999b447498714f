import { BYTES_PER_NODE, Tape, type NodeId } from '../tape.ts';
import { dataset, type DatasetName } from './data.ts';
import type { Matrix } from './matrix.ts';
import { initMlp, mlpGradient, MLP_PARAM_NAMES, type MlpParams } from './mlp.ts';

/**
 * Records one forward pass and loss of the 2 → H → 2 network on the scalar tape, one node per
 * scalar primitive, and sweeps it. Parameter leaves come first, in the order w1, b1, w2, b2
 * (row-major within each); the data X are constants folded into scale nodes (k·w). Softmax
 * cross-entropy is written out per row: with m the row's largest logit (a constant shift),
 * ℓ_i = ln Σ_c exp(z_c − m) − (z_t − m), and L = (1/B) Σ ℓ_i.
 */
export function scalarMlpStep(tape: Tape, params: MlpParams, x: Matrix, labels: Int32Array): { loss: NodeId; grad: Float64Array } {
  tape.reset();
  const leaves = MLP_PARAM_NAMES.map((k) => Array.from(params[k].data, (v) => tape.leaf(v)));
  const [w1, b1, w2, b2] = leaves;
  const H = params.b1.cols;
  const C = params.b2.cols;
  const D = params.w1.rows;
  const hidden: NodeId[] = new Array(H);
  const logits: NodeId[] = new Array(C);
  let total: NodeId | null = null;
  for (let i = 0; i < x.rows; i++) {
    for (let j = 0; j < H; j++) {
      let s = tape.mulConst(w1[j], x.data[i * D]);
      for (let k = 1; k < D; k++) s = tape.add(s, tape.mulConst(w1[k * H + j], x.data[i * D + k]));
      hidden[j] = tape.relu(tape.add(s, b1[j]));
    }
    let max = -Infinity;
    for (let c = 0; c < C; c++) {
      let z = tape.mul(hidden[0], w2[c]);
      for (let j = 1; j < H; j++) z = tape.add(z, tape.mul(hidden[j], w2[j * C + c]));
      logits[c] = tape.add(z, b2[c]);
      max = Math.max(max, tape.value(logits[c]));
    }
    let sum = tape.exp(tape.addConst(logits[0], -max));
    for (let c = 1; c < C; c++) sum = tape.add(sum, tape.exp(tape.addConst(logits[c], -max)));
    const row = tape.sub(tape.log(sum), tape.addConst(logits[labels[i]], -max));
    total = total === null ? row : tape.add(total, row);
  }
  const loss = tape.mulConst(total as NodeId, 1 / x.rows);
  const adj = tape.backward(loss);
  return { loss, grad: adj.slice(0, leaves.reduce((n, l) => n + l.length, 0)) };
}

export interface TapeComparisonSide {
  /**
   * Nodes recorded for one forward pass and loss, counted alike on both tapes: the parameters'
   * leaves and every operation, not the data X (the scalar tape folds X into constants; the
   * tensor tape's leaf for X is left out of its count).
   */
  nodes: number;
  /** Bytes the tape holds: values, saved buffers and adjoints. */
  bytes: number;
  /** Median milliseconds of one step (record the forward pass, sweep back), or null if not timed. */
  msPerStep: number | null;
  loss: number;
}

export interface TapeComparison {
  dataset: DatasetName;
  batch: number;
  hidden: number;
  parameters: number;
  scalar: TapeComparisonSide;
  tensor: TapeComparisonSide;
  /** Scalar over tensor: how many times more nodes, bytes and time the scalar tape takes. */
  ratios: { nodes: number; bytes: number; time: number | null };
  /**
   * The time ratio's middle half and whether it is too noisy to tell, when the two tapes were
   * timed by the lab's one timing method (`measureTapes`: alternated rounds, the median of their
   * ratios); absent otherwise.
   */
  timeSpread?: { low: number; high: number; noisy: boolean };
  /**
   * The two gradients compared parameter by parameter: max |g_scalar − g_tensor| / max(1, |g_tensor|),
   * which must stay below `tolerance` (1e-12: both are f64 sums of the same terms, in different orders).
   */
  agreement: { maxDifference: number; lossDifference: number; tolerance: number; agree: boolean };
}

export interface CompareOptions {
  /** Points in the batch (default 200, the whole training set). */
  batch?: number;
  /** Hidden units H (default 16). */
  hidden?: number;
  seed?: number;
  dataset?: DatasetName;
  /** Time each side for about this many milliseconds; 0 skips timing (default 300). */
  minMs?: number;
}

/**
 * The same forward pass, loss and reverse sweep for one batch of the 2 → H → 2 network on the
 * scalar tape (one node per scalar primitive, engine/tape.ts) and on the tensor tape (one node
 * per matrix op): checks the gradients agree and reports node counts, bytes, and the median
 * time per step of each, measured in this process.
 */
export function compareTapes(options: CompareOptions = {}): TapeComparison {
  const batch = options.batch ?? 200;
  const hidden = options.hidden ?? 16;
  const data = dataset(options.dataset ?? 'moons', { points: batch, seed: options.seed ?? 1 });
  const params = initMlp(hidden, options.seed ?? 1);
  const { x, labels } = data;

  const tensor = mlpGradient(params, x, labels);
  const scalarTape = new Tape(1 << 14);
  const scalar = scalarMlpStep(scalarTape, params, x, labels);
  const flat = MLP_PARAM_NAMES.flatMap((k) => Array.from(tensor.grad[k].data));
  let maxDifference = 0;
  for (let i = 0; i < flat.length; i++) {
    const d = Math.abs(scalar.grad[i] - flat[i]) / Math.max(1, Math.abs(flat[i]));
    maxDifference = Number.isNaN(d) ? NaN : Math.max(maxDifference, d);
  }
  const scalarLoss = scalarTape.value(scalar.loss);
  const tolerance = 1e-12;
  const lossDifference = Math.abs(scalarLoss - tensor.loss);

  const minMs = options.minMs ?? 300;
  const timed = minMs > 0;
  const scalarMs = timed ? medianMs(() => scalarMlpStep(scalarTape, params, x, labels), minMs) : null;
  const tensorMs = timed ? medianMs(() => mlpGradient(params, x, labels), minMs) : null;

  const scalarSide: TapeComparisonSide = {
    nodes: scalarTape.length,
    bytes: scalarTape.length * BYTES_PER_NODE,
    msPerStep: scalarMs,
    loss: scalarLoss,
  };
  const tensorSide: TapeComparisonSide = {
    // The data X are one leaf on the tensor tape and no node on the scalar one: count neither.
    nodes: tensor.tape.length - 1,
    bytes: tensor.tape.memory().total,
    msPerStep: tensorMs,
    loss: tensor.loss,
  };
  return {
    dataset: data.name,
    batch,
    hidden,
    parameters: flat.length,
    scalar: scalarSide,
    tensor: tensorSide,
    ratios: {
      nodes: scalarSide.nodes / tensorSide.nodes,
      bytes: scalarSide.bytes / tensorSide.bytes,
      time: scalarMs !== null && tensorMs !== null ? scalarMs / tensorMs : null,
    },
    agreement: { maxDifference, lossDifference, tolerance, agree: maxDifference <= tolerance && lossDifference <= tolerance },
  };
}

/**
 * Median milliseconds per call of `fn`: after a warm-up of about minMs/4 (so the JIT has
 * compiled the path), batches of calls sized to take about minMs/10 each, at least five.
 */
export function medianMs(fn: () => unknown, minMs: number): number {
  const now = () => performance.now();
  let batch = 1;
  const warmEnd = now() + minMs / 4;
  do {
    const t0 = now();
    for (let i = 0; i < batch; i++) fn();
    if (now() - t0 < minMs / 10) batch *= 2;
  } while (now() < warmEnd);
  const samples: number[] = [];
  const end = now() + minMs;
  while (samples.length < 5 || (now() < end && samples.length < 200)) {
    const t0 = now();
    for (let i = 0; i < batch; i++) fn();
    samples.push((now() - t0) / batch);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}
