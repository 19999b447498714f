import { defineFeature } from '../../state/feature.ts';
import { TensorSection } from './TensorSection.tsx';
import { createTensorSlice, type TensorSlice } from './tensorSlice.ts';

/** The tensor section: its slice, its place below the chain, and its link (`go=tensor`). */
export const tensorFeature = defineFeature({
  name: 'tensor',
  slice: createTensorSlice,
  section: { area: 'below', place: 30, Component: TensorSection },
  go: {
    tensor: (state) => {
      state.setTensorWanted(true);
      state.noteSectionLinked('tensor');
    },
  },
});

declare module '../../state/store/types.ts' {
  interface Features {
    tensor: { slice: TensorSlice; go: 'tensor' };
  }
}
