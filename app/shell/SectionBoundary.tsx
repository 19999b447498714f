import { Component, type ReactNode } from 'react';
import type { GoTarget } from '../state/store/types.ts';
import { reloadKeepingPlace } from './reloadKeepingPlace.ts';

/** A section's code that could not be fetched (a deploy while the tab was open, the network gone). */
export class SectionLoadFailed extends Error {
  override name = 'SectionLoadFailed';
}

interface SectionBoundaryProps {
  /** The section's title, for the one line that says what failed. */
  title: string;
  /** What still works meanwhile (default: the rest of the page). */
  rest?: string;
  /** Draws the part again after it stopped with an error (its code had loaded). */
  onRetry: () => void;
  /**
   * For a section of the lab: where a reload lands (`go=`), so the section comes back in view.
   * A part whose code could not load comes back by a reload that keeps the hash (reloadKeepingPlace).
   */
  go?: GoTarget;
  children: ReactNode;
}

interface SectionBoundaryState {
  error: Error | null;
  /** Retry after a failed load: asking whether the network is back, or still off after asking. */
  reload: 'idle' | 'asking' | 'still-off';
}

/**
 * Catches what goes wrong inside one lazily loaded section, so the rest of the page keeps
 * working: one line that says what failed, and a Retry button. Without it React unmounts the
 * whole app when a section's code fails to load.
 */
export class SectionBoundary extends Component<SectionBoundaryProps, SectionBoundaryState> {
  override state: SectionBoundaryState = { error: null, reload: 'idle' };

  static getDerivedStateFromError(error: unknown): Partial<SectionBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  private retry = () => {
    if (!(this.state.error instanceof SectionLoadFailed)) {
      this.props.onRetry();
      return;
    }
    this.setState({ reload: 'asking' });
    void reloadKeepingPlace(this.props.go).then((reloading) => {
      if (!reloading) this.setState({ reload: 'still-off' });
    });
  };

  override render() {
    const { error, reload } = this.state;
    if (!error) return this.props.children;
    const rest = this.props.rest ?? 'The rest of the page still works.';
    const line =
      error instanceof SectionLoadFailed
        ? reload === 'still-off'
          ? `The code of “${this.props.title}” still cannot load: the network is off. ${rest}`
          : `The code of “${this.props.title}” could not load; the network may be off. ${rest}`
        : `“${this.props.title}” stopped with an error: ${error.message}. ${rest}`;
    return (
      <p className="section-failed" role="alert">
        <span>{line}</span>{' '}
        <button type="button" onClick={this.retry} disabled={reload === 'asking'}>
          {reload === 'asking' ? 'Retrying…' : 'Retry'}
        </button>
      </p>
    );
  }
}
