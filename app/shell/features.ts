import type { Feature } from '../state/feature.ts';
import { installFeatures } from '../state/store/index.ts';
import { themeFeature } from './theme/feature.ts';
import { tradeoffsFeature } from '../sections/tradeoffs/feature.ts';
import { bugsFeature } from '../sections/bugs/feature.ts';
import { playgroundFeature } from '../sections/playground/feature.ts';
import { lessonFeature } from '../lesson/feature.ts';
import { practiceFeature } from '../practice/feature.ts';
import { embedFeature } from './embed/feature.ts';
import { goFeature } from './go/feature.ts';
import { labFeature } from '../lab/feature.ts';
import { tapeFeature } from '../sections/tape/feature.ts';
import { timingFeature } from '../lab/timing/feature.ts';
import { tensorFeature } from '../sections/tensor/feature.ts';

/**
 * The registry: every feature of the page, one record each (app/state/feature.ts). The store
 * combines their slices, the hash writes their parts in this order (after the chain settings),
 * and the page's entry starts their wiring in this order. A new feature is its folder and one line here.
 */
export const FEATURES: readonly Feature[] = [
  // The theme first, so the page is painted in the remembered scheme from the start.
  themeFeature,
  tradeoffsFeature,
  bugsFeature,
  playgroundFeature,
  // The lesson's place before the lab reads the hash, so a lesson link never starts as the lab.
  lessonFeature,
  practiceFeature,
  embedFeature,
  goFeature,
  labFeature,
  tapeFeature,
  timingFeature,
  tensorFeature,
];

installFeatures(FEATURES);
