import { matmul, matmulAT, matmulBT, matrix, sameShape, shape, softmaxRows, type Matrix } from './matrix.ts';

/** Index of a node on a tensor tape. Branded apart from scalar-tape nodes and plain counts. */
export type TensorId = number & { readonly __tensor: unique symbol };

/** Op codes of the tensor tape. */
export const TensorOp = {
  Leaf: 0,
  /** Y = X·W. Saves nothing extra: X and W are its parents' values. */
  MatMul: 1,
  /** Y = X + 1·b, the row vector b added to every row (broadcast). Saves nothing. */
  AddRow: 2,
  /** Y = max(X, 0). Saves a 1-byte mask X > 0. */
  Relu: 3,
  /** Y = softmax of each row. Saves Y (its own value, no copy). */
  Softmax: 4,
  /** L = mean over rows of −log softmax(logits)[t]. Saves the softmax p and the labels t. */
  SoftmaxCrossEntropy: 5,
  /** Y = X ⊙ Z, entry by entry. Saves nothing: X and Z are its parents' values. */
  Hadamard: 6,
  /** s = Σ of all entries, a 1×1 result. Saves nothing. */
  Sum: 7,
} as const;
export type TensorOpCode = (typeof TensorOp)[keyof typeof TensorOp];

export const TENSOR_OP_NAME: Readonly<Record<TensorOpCode, string>> = {
  [TensorOp.Leaf]: 'input',
  [TensorOp.MatMul]: 'matmul',
  [TensorOp.AddRow]: 'add (broadcast)',
  [TensorOp.Relu]: 'relu',
  [TensorOp.Softmax]: 'softmax',
  [TensorOp.SoftmaxCrossEntropy]: 'softmax + cross-entropy',
  [TensorOp.Hadamard]: 'mul (elementwise)',
  [TensorOp.Sum]: 'sum',
};

/** What a node keeps for its backward rule beyond its parents' values. */
type Saved = Uint8Array | Float64Array | Int32Array | null;

/** Bytes a tensor tape holds, by kind. */
export interface TensorTapeMemory {
  /** Forward values of every node, 8 bytes an entry. */
  values: number;
  /** Extra buffers kept for backward rules (relu masks, the fused loss's p and labels). */
  saved: number;
  /** One gradient buffer per node that needs one, 8 bytes an entry (the adjoints). */
  adjoints: number;
  total: number;
}

/**
 * A tape of tensor ops: the same Wengert list as the scalar tape, one node per whole-matrix op.
 * Columns hold each node's op code, parents, value, and the cheapest thing its backward rule
 * needs (a 1-byte relu mask, the softmax output, the fused loss's p). `backward` visits nodes
 * newest to oldest and applies each op's vector–Jacobian product, accumulating with `+=` into
 * parents that need a gradient; it frees each node's saved buffer and gradient as it passes.
 */
export class TensorTape {
  readonly op: TensorOpCode[] = [];
  readonly parentA: number[] = [];
  readonly parentB: number[] = [];
  readonly values: Matrix[] = [];
  /** Whether a gradient flows to the node: set on leaves, inherited by ops. */
  readonly needsGrad: boolean[] = [];
  private readonly saved: Saved[] = [];
  /** The class labels t of each fused softmax + cross-entropy node, saved with its p. */
  private readonly labels = new Map<number, Int32Array>();
  private savedBytes = 0;
  private grads: (Matrix | null)[] = [];
  /** Set by the first `backward`, which frees saved buffers: a second sweep cannot run. */
  private swept = false;

  get length(): number {
    return this.op.length;
  }

  private push(op: TensorOpCode, a: number, b: number, value: Matrix, saved: Saved, needsGrad: boolean): TensorId {
    this.op.push(op);
    this.parentA.push(a);
    this.parentB.push(b);
    this.values.push(value);
    this.saved.push(saved);
    this.savedBytes += saved ? saved.byteLength : 0;
    this.needsGrad.push(needsGrad);
    return (this.op.length - 1) as TensorId;
  }

  /** An input; with `requiresGrad` its gradient is kept after `backward`. Not copied. */
  leaf(value: Matrix, requiresGrad = true): TensorId {
    return this.push(TensorOp.Leaf, -1, -1, value, null, requiresGrad);
  }

  value(id: TensorId): Matrix {
    return this.values[id];
  }

  /** Y = X·W. */
  matmul(x: TensorId, w: TensorId): TensorId {
    const y = matmul(this.values[x], this.values[w]);
    return this.push(TensorOp.MatMul, x, w, y, null, this.needsGrad[x] || this.needsGrad[w]);
  }

  /** Y = X + 1·b for a 1×n row b. */
  addRow(x: TensorId, b: TensorId): TensorId {
    const X = this.values[x];
    const B = this.values[b];
    if (B.rows !== 1 || B.cols !== X.cols) throw new RangeError(`cannot add ${shape(B)} to each row of ${shape(X)}`);
    const y = matrix(X.rows, X.cols, X.data.slice());
    for (let i = 0; i < X.rows; i++) for (let j = 0; j < X.cols; j++) y.data[i * X.cols + j] += B.data[j];
    return this.push(TensorOp.AddRow, x, b, y, null, this.needsGrad[x] || this.needsGrad[b]);
  }

  /** Y = max(X, 0), with relu'(0) = 0. */
  relu(x: TensorId): TensorId {
    const X = this.values[x];
    const mask = new Uint8Array(X.data.length);
    const y = matrix(X.rows, X.cols);
    for (let i = 0; i < mask.length; i++) {
      if (X.data[i] > 0) {
        mask[i] = 1;
        y.data[i] = X.data[i];
      }
    }
    return this.push(TensorOp.Relu, x, -1, y, mask, this.needsGrad[x]);
  }

  /** Each row's softmax. */
  softmax(x: TensorId): TensorId {
    return this.push(TensorOp.Softmax, x, -1, softmaxRows(this.values[x]), null, this.needsGrad[x]);
  }

  /**
   * Softmax and cross-entropy fused: L = (1/B) Σ_i −log p_i[t_i] with p = softmax(logits), from
   * the log-sum-exp so it never takes log 0. Saves p; the backward is (p − onehot(t)) / B.
   */
  softmaxCrossEntropy(logits: TensorId, labels: Int32Array): TensorId {
    const Z = this.values[logits];
    if (labels.length !== Z.rows) throw new RangeError(`${labels.length} labels for ${Z.rows} rows`);
    const p = softmaxRows(Z);
    const C = Z.cols;
    let total = 0;
    for (let i = 0; i < Z.rows; i++) {
      const t = labels[i];
      if (!(t >= 0 && t < C)) throw new RangeError(`label ${t} is not a class 0…${C - 1}`);
      let max = -Infinity;
      for (let j = 0; j < C; j++) max = Math.max(max, Z.data[i * C + j]);
      let s = 0;
      for (let j = 0; j < C; j++) s += Math.exp(Z.data[i * C + j] - max);
      total += Math.log(s) + max - Z.data[i * C + t];
    }
    const loss = matrix(1, 1, Float64Array.of(total / Z.rows));
    const id = this.push(TensorOp.SoftmaxCrossEntropy, logits, -1, loss, p.data, this.needsGrad[logits]);
    this.labels.set(id, labels);
    this.savedBytes += labels.byteLength;
    return id;
  }

  /** Y = X ⊙ Z. */
  hadamard(x: TensorId, z: TensorId): TensorId {
    const X = this.values[x];
    const Z = this.values[z];
    if (!sameShape(X, Z)) throw new RangeError(`cannot multiply ${shape(X)} and ${shape(Z)} entry by entry`);
    const y = matrix(X.rows, X.cols);
    for (let i = 0; i < y.data.length; i++) y.data[i] = X.data[i] * Z.data[i];
    return this.push(TensorOp.Hadamard, x, z, y, null, this.needsGrad[x] || this.needsGrad[z]);
  }

  /** The sum of all entries, as a 1×1 matrix. */
  sum(x: TensorId): TensorId {
    let s = 0;
    for (const v of this.values[x].data) s += v;
    return this.push(TensorOp.Sum, x, -1, matrix(1, 1, Float64Array.of(s)), null, this.needsGrad[x]);
  }

  /** ∂loss/∂node for a leaf with requiresGrad after `backward`, else null. */
  grad(id: TensorId): Matrix | null {
    return this.grads[id] ?? null;
  }

  /** Bytes held: values, saved buffers, and one adjoint per node a gradient reaches. */
  memory(): TensorTapeMemory {
    let values = 0;
    let adjoints = 0;
    for (let i = 0; i < this.length; i++) {
      values += this.values[i].data.byteLength;
      if (this.needsGrad[i]) adjoints += this.values[i].data.byteLength;
    }
    return { values, saved: this.savedBytes, adjoints, total: values + this.savedBytes + adjoints };
  }

  /**
   * The reverse sweep from a 1×1 loss: seeds ∂loss/∂loss = seed, then for each node newest to
   * oldest applies its op's vector–Jacobian product (the card's rules) to the upstream gradient
   * G. Gradients of leaves with requiresGrad stay readable through `grad`.
   */
  backward(loss: TensorId, seed = 1): void {
    if (this.swept) {
      throw new Error(
        'backward has already run on this tensor tape, and it frees what each node saved for its rule as it passes: record the function again on a new TensorTape to take another gradient',
      );
    }
    const L = this.values[loss];
    if (L.rows !== 1 || L.cols !== 1) throw new RangeError(`backward needs a 1×1 loss, not ${shape(L)}`);
    this.swept = true;
    this.grads = new Array<Matrix | null>(this.length).fill(null);
    this.grads[loss] = matrix(1, 1, Float64Array.of(seed));
    for (let i = loss; i >= 0; i--) {
      const G = this.grads[i];
      if (G === null || this.op[i] === TensorOp.Leaf) continue;
      this.backwardNode(i, G);
      // Release what the sweep has passed: the node's gradient and its saved buffer.
      this.grads[i] = null;
      this.saved[i] = null;
    }
  }

  private backwardNode(i: number, G: Matrix): void {
    const a = this.parentA[i];
    const b = this.parentB[i];
    switch (this.op[i]) {
      case TensorOp.MatMul:
        // Y = XW: dX = G·Wᵀ, dW = Xᵀ·G.
        if (this.needsGrad[a]) this.accumulate(a, matmulBT(G, this.values[b]));
        if (this.needsGrad[b]) this.accumulate(b, matmulAT(this.values[a], G));
        return;
      case TensorOp.AddRow: {
        // Y = X + 1b: dX = G; db = the column sums of G (sum over the broadcast rows).
        if (this.needsGrad[b]) {
          const db = matrix(1, G.cols);
          for (let r = 0; r < G.rows; r++) for (let j = 0; j < G.cols; j++) db.data[j] += G.data[r * G.cols + j];
          this.accumulate(b, db);
        }
        // G passes through unchanged; the sweep releases node i's reference, so hand it on.
        if (this.needsGrad[a]) this.accumulate(a, G);
        return;
      }
      case TensorOp.Relu: {
        // dX = G ⊙ (X > 0), from the 1-byte mask.
        const mask = this.saved[i] as Uint8Array;
        const dx = matrix(G.rows, G.cols);
        for (let k = 0; k < mask.length; k++) if (mask[k]) dx.data[k] = G.data[k];
        this.accumulate(a, dx);
        return;
      }
      case TensorOp.Softmax: {
        // y = softmax(x): dx = y ⊙ (G − ⟨G, y⟩), the inner product taken row by row.
        const Y = this.values[i];
        const dx = matrix(G.rows, G.cols);
        for (let r = 0; r < G.rows; r++) {
          const o = r * G.cols;
          let dot = 0;
          for (let j = 0; j < G.cols; j++) dot += G.data[o + j] * Y.data[o + j];
          for (let j = 0; j < G.cols; j++) dx.data[o + j] = Y.data[o + j] * (G.data[o + j] - dot);
        }
        this.accumulate(a, dx);
        return;
      }
      case TensorOp.SoftmaxCrossEntropy: {
        // dlogits = (p − onehot(t)) / B, scaled by the upstream scalar.
        const p = this.saved[i] as Float64Array;
        const labels = this.labels.get(i) as Int32Array;
        const Z = this.values[a];
        const scale = G.data[0] / Z.rows;
        const dz = matrix(Z.rows, Z.cols);
        for (let k = 0; k < p.length; k++) dz.data[k] = p[k] * scale;
        for (let r = 0; r < Z.rows; r++) dz.data[r * Z.cols + labels[r]] -= scale;
        this.labels.delete(i);
        this.accumulate(a, dz);
        return;
      }
      case TensorOp.Hadamard: {
        // Y = X ⊙ Z: dX = G ⊙ Z, dZ = G ⊙ X.
        for (const [to, other] of [[a, b], [b, a]] as const) {
          if (!this.needsGrad[to]) continue;
          const O = this.values[other];
          const d = matrix(G.rows, G.cols);
          for (let k = 0; k < d.data.length; k++) d.data[k] = G.data[k] * O.data[k];
          this.accumulate(to, d);
        }
        return;
      }
      case TensorOp.Sum: {
        // s = Σ X: dX = G·1 (every entry gets the upstream scalar).
        const X = this.values[a];
        this.accumulate(a, matrix(X.rows, X.cols, new Float64Array(X.data.length).fill(G.data[0])));
        return;
      }
    }
  }

  /** adj[j] += d: the first contribution is taken as is, later ones are added in place. */
  private accumulate(j: number, d: Matrix): void {
    if (!this.needsGrad[j]) return;
    const g = this.grads[j];
    if (g === null) {
      this.grads[j] = d;
      return;
    }
    for (let k = 0; k < g.data.length; k++) g.data[k] += d.data[k];
  }
}
