/**
 * The two ways a run can end without a report that are not the engine refusing the settings:
 * the worker stopped (threw outside a call, failed to load, went silent), or the user cancelled.
 * Both are made on the main thread, so `instanceof` and `name` both tell them apart.
 */

/** The worker stopped unexpectedly; it has been replaced by a fresh one. */
export class EngineStopped extends Error {
  override name = 'EngineStopped';
}

/** The run was cancelled (by the user, or superseded): the worker was asked to stop it. */
export class RunCancelled extends Error {
  override name = 'RunCancelled';
}

export function isEngineStopped(error: unknown): error is EngineStopped {
  return error instanceof Error && error.name === 'EngineStopped';
}

export function isRunCancelled(error: unknown): error is RunCancelled {
  return error instanceof Error && error.name === 'RunCancelled';
}

/** The one line the page shows after the engine was restarted. */
export const ENGINE_RESTARTED = 'The engine stopped unexpectedly; restarted it and recomputed.';

/**
 * The one line the page shows when the engine stopped again while recomputing after a restart
 * (or could not be started again at all): the engine's fault, not the settings'.
 */
export const ENGINE_GAVE_UP =
  'The engine stopped again while recomputing, so the figures on screen may belong to earlier settings. Move a slider to try again, or reload the page.';

/** The one line the page shows after a cancel. */
export const RUN_CANCELLED = 'Cancelled: the figures that run would have updated still show the earlier settings.';
