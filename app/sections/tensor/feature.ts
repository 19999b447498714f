import { defineFeature } from '../../state/feature.ts';
import { createTensorSlice, type TensorSlice } from './tensorSlice.ts';

/** The tensor panel: its slice. */
export const tensorFeature = defineFeature({
  name: 'tensor',
  slice: createTensorSlice,
});

declare module '../../state/store/types.ts' {
  interface Features {
    tensor: { slice: TensorSlice };
  }
}
