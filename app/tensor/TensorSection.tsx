import { lazy, Suspense, useId, useRef } from 'react';
import { useWhenNear } from '../playground/useWhenNear.ts';
import { useLab } from '../store/index.ts';

/** The panel's body, with its worker: fetched when the section first comes near the screen. */
const TensorLab = lazy(() => import('./TensorLab.tsx').then((m) => ({ default: m.TensorLab })));

/**
 * "From scalars to tensors": the same reverse mode with one node per matrix operation. A tiny
 * network is trained in a worker, and one step of it is measured on both tapes.
 */
export function TensorSection() {
  const id = useId();
  const ref = useRef<HTMLElement | null>(null);
  const wanted = useLab((s) => s.tensorWanted);
  useWhenNear(ref, wanted, useLab.getState().setTensorWanted);
  return (
    <section ref={ref} className="panel tensor-panel" aria-labelledby={id}>
      <h2 id={id}>
        <span className="swatch swatch-reverse" aria-hidden="true" />
        From scalars to tensors
      </h2>
      <p className="caption">
        The same reverse mode, one node per matrix operation instead of one per number. A 2 → H → 2 network
        (relu(X·W₁ + b₁)·W₂ + b₂, softmax cross-entropy) learns to separate two classes by plain gradient descent, its
        gradient taken by the tensor tape’s rules: dX = G·Wᵀ and dW = Xᵀ·G for a product, G ⊙ (X &gt; 0) for relu,
        (p − onehot)/batch for the fused loss.
      </p>
      {wanted ? (
        <Suspense fallback={<p className="tape-placeholder">Loading the tensor panel…</p>}>
          <TensorLab />
        </Suspense>
      ) : (
        <p className="tape-placeholder">The network is trained when this section comes into view.</p>
      )}
    </section>
  );
}
