import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { SectionLoadFailed } from './SectionBoundary.tsx';

/**
 * A component whose code is fetched when it is first drawn. The import's failure becomes a
 * SectionLoadFailed, which the boundary words as "could not load" and whose Retry reloads the page
 * (the browser keeps a failed import: reloadKeepingPlace). After an error while drawing, Retry
 * draws it again as a new attempt: React's lazy() keeps what it settled on, so each attempt is a
 * lazy() of its own.
 */
export interface Retryable {
  /** The component for the given attempt (0 first, one more after each Retry). */
  at(attempt: number): LazyExoticComponent<ComponentType>;
}

export function retryable(load: () => Promise<{ default: ComponentType }>): Retryable {
  const made = new Map<number, LazyExoticComponent<ComponentType>>();
  return {
    at(attempt) {
      let component = made.get(attempt);
      if (!component) {
        component = lazy(() =>
          load().catch((error: unknown) => {
            throw new SectionLoadFailed(error instanceof Error ? error.message : String(error));
          }),
        );
        made.set(attempt, component);
      }
      return component;
    },
  };
}
