/** The PyTorch release whose behaviour the bugs reproduce (saved tensors, error texts), checked by scripts/check-torch-scripts.mjs. */
export const PYTORCH_VERSION = '1.13';
