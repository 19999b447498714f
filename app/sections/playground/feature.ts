import { defineFeature } from '../../state/feature.ts';
import type { HashRead } from '../../state/url/part.ts';
import { playgroundHashPart } from './hash.ts';
import { PlaygroundSection } from './PlaygroundSection.tsx';
import { createPlaygroundSlice, type PlaygroundSlice } from './playgroundSlice.ts';

/**
 * The expression playground: its expression in the store and in the hash (`expr`, `at`); its
 * place below the chain; its link (`go=playground`). A link that holds an expression brings the
 * playground into view too.
 */
export const playgroundFeature = defineFeature({
  name: 'playground',
  slice: createPlaygroundSlice,
  hash: {
    part: playgroundHashPart,
    of: (state) => ({ source: state.exprSource, variables: state.exprVariables, values: state.exprValues }),
    load: (expression, { store }) => {
      const state = store.getState();
      const changed =
        expression.source !== state.exprSource ||
        expression.variables.some((name) => !Object.is(expression.values[name], state.exprValues[name]));
      if (changed) state.loadExpression(expression.source, expression.values, expression.variables);
      if (expression.linked) state.noteExprLinked();
    },
  },
  section: { area: 'below', place: 20, Component: PlaygroundSection },
  go: { playground: (state) => state.noteExprLinked() },
});

declare module '../../state/store/types.ts' {
  interface Features {
    playground: { slice: PlaygroundSlice; hash: HashRead<typeof playgroundHashPart>; go: 'playground' };
  }
}
