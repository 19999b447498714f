import { Component, type ReactNode } from 'react';

/** A section's code that could not be fetched (a deploy while the tab was open, the network gone). */
export class SectionLoadFailed extends Error {
  override name = 'SectionLoadFailed';
}

interface SectionBoundaryProps {
  /** The section's title, for the one line that says what failed. */
  title: string;
  /** What still works meanwhile (default: the rest of the page). */
  rest?: string;
  /** Loads the code again and shows the section (a fresh import, not the failed one). */
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Catches what goes wrong inside one lazily loaded section, so the rest of the page keeps
 * working: one line that says what failed, and a Retry button. Without it React unmounts the
 * whole app when a section's code fails to load.
 */
export class SectionBoundary extends Component<SectionBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const rest = this.props.rest ?? 'The rest of the page still works.';
    const line =
      error instanceof SectionLoadFailed
        ? `The code of “${this.props.title}” could not load; the network may be off. ${rest}`
        : `“${this.props.title}” stopped with an error: ${error.message}. ${rest}`;
    return (
      <p className="section-failed" role="alert">
        <span>{line}</span>{' '}
        <button type="button" onClick={this.props.onRetry}>
          Retry
        </button>
      </p>
    );
  }
}
