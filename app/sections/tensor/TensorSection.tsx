import { LazySection } from '../../shell/LazySection.tsx';
import { useLab } from '../../state/store/index.ts';

/** The panel's body, with its worker: fetched when the section first comes near the screen. */
const loadTensorLab = () => import('./TensorLab.tsx').then((m) => m.TensorLab);

/**
 * "From scalars to tensors": the same reverse mode with one node per matrix operation. A tiny
 * network is trained in a worker, and one step of it is measured on both tapes.
 */
export function TensorSection() {
  const wanted = useLab((s) => s.tensorWanted);
  const linked = useLab((s) => s.sectionLinked.tensor ?? 0);
  return (
    <LazySection
      go="tensor"
      className="tensor-panel"
      title="From scalars to tensors"
      caption={
        <>
          The same reverse mode, one node per matrix operation instead of one per number. A 2 → H → 2 network
          (relu(X·W₁ + b₁)·W₂ + b₂, softmax cross-entropy) learns to separate two classes by plain gradient descent, its
          gradient taken by the tensor tape’s rules: dX = G·Wᵀ and dW = Xᵀ·G for a product, G ⊙ (X &gt; 0) for relu,
          (p − onehot)/batch for the fused loss.
        </>
      }
      wanted={wanted}
      linked={linked}
      onNear={useLab.getState().setTensorWanted}
      loading="Loading the tensor panel…"
      waiting="The network is trained when this section comes into view."
      load={loadTensorLab}
    />
  );
}
