import { memo, useId } from 'react';
import { SPEEDS } from './tapeSlice.ts';
import { usePlayer } from './player.ts';
import type { Timeline } from '../../ui/tape/timeline.ts';

/**
 * Play, pause, step, scrub and speed, over one timeline of two phases. It reads the player's state
 * itself, so it is drawn once a move, not again when the deferred position catches up.
 */
export const Transport = memo(function Transport({ tl }: { tl: Timeline }) {
  const id = useId();
  const useTape = usePlayer();
  const position = useTape((s) => s.position);
  const playing = useTape((s) => s.playing);
  const speed = useTape((s) => s.speed);
  const overwrite = useTape((s) => s.overwrite);
  const { seek, stepBy, togglePlay, setSpeed, setOverwrite } = useTape.getState();
  const recording = position < tl.seed;
  const where = recording
    ? `Recording: ${position} of ${tl.nodes} nodes`
    : `Sweep: ${position - tl.seed} of ${tl.events} events`;
  return (
    <div className="transport">
      <div className="transport-buttons" role="group" aria-label="Player">
        <IconButton label="Go to the start (Home)" onClick={() => seek(0)} disabled={position === 0} icon="start" />
        <IconButton label="Step back (←)" onClick={() => stepBy(-1)} disabled={position === 0} icon="back" />
        <IconButton
          label={playing ? 'Pause (space)' : 'Play (space)'}
          onClick={togglePlay}
          icon={playing ? 'pause' : 'play'}
          className="play"
        />
        <IconButton label="Step forward (→)" onClick={() => stepBy(1)} disabled={position >= tl.end} icon="forward" />
        <IconButton label="Go to the end (End)" onClick={() => seek(tl.end)} disabled={position >= tl.end} icon="end" />
      </div>
      <div className="transport-scrub">
        <div className="control-head">
          <label htmlFor={`${id}-pos`}>Tape position</label>
          <output htmlFor={`${id}-pos`} className="readout">
            {where}
          </output>
        </div>
        <input
          id={`${id}-pos`}
          type="range"
          min={0}
          max={tl.end}
          step={1}
          value={position}
          aria-valuetext={where}
          onChange={(e) => seek(Number(e.currentTarget.value), true)}
        />
        <PhaseBar tl={tl} position={position} onJump={(p) => seek(p)} />
      </div>
      <div className="transport-options">
        <label className="speed">
          <span>Speed</span>
          <select value={speed} onChange={(e) => setSpeed(Number(e.currentTarget.value))}>
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s} {s === 1 ? 'step' : 'steps'}/s
              </option>
            ))}
          </select>
        </label>
        <label className="pitfall-toggle">
          <input type="checkbox" checked={overwrite} onChange={(e) => setOverwrite(e.currentTarget.checked)} />
          <span>
            Pitfall: overwrite with <code>=</code> instead of <code>+=</code>
          </span>
        </label>
      </div>
    </div>
  );
});

/** The timeline's two phases, to scale, each a button that jumps to its start. */
function PhaseBar({ tl, position, onJump }: { tl: Timeline; position: number; onJump: (position: number) => void }) {
  const recording = position < tl.seed;
  const at = (100 * position) / Math.max(1, tl.end);
  return (
    <div className="phase-bar">
      <button
        type="button"
        className={`phase phase-record${recording ? ' on' : ''}`}
        style={{ flexGrow: tl.seed }}
        onClick={() => onJump(0)}
        aria-current={recording ? 'step' : undefined}
      >
        1 · Record: {tl.nodes} nodes
      </button>
      <button
        type="button"
        className={`phase phase-sweep${recording ? '' : ' on'}`}
        style={{ flexGrow: tl.events }}
        onClick={() => onJump(tl.seed)}
        aria-current={recording ? undefined : 'step'}
      >
        2 · Sweep: {tl.events} events
      </button>
      <span className="phase-marker" style={{ left: `${at}%` }} aria-hidden="true" />
    </div>
  );
}

const ICONS: Record<string, string> = {
  start: 'M3,2h2v12H3z M14,2v12L6,8z',
  back: 'M12,3v10L5,8z',
  play: 'M4,2l10,6l-10,6z',
  pause: 'M4,2h3v12H4z M9,2h3v12H9z',
  forward: 'M4,3v10l7,-5z',
  end: 'M2,2v12l8,-6z M11,2h2v12h-2z',
};

/**
 * A player button. At an end of the tape its move is unavailable, but the button stays
 * focusable (aria-disabled, not disabled): a disabled button would drop the keyboard focus to
 * the page just as the player reaches the last event, and ← could no longer step back.
 */
function IconButton(props: { label: string; onClick: () => void; icon: string; disabled?: boolean; className?: string }) {
  return (
    <button
      type="button"
      className={`icon-button${props.className ? ` ${props.className}` : ''}`}
      onClick={props.disabled ? undefined : props.onClick}
      aria-label={props.label}
      title={props.label}
      aria-disabled={props.disabled || undefined}
    >
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <path d={ICONS[props.icon]} />
      </svg>
    </button>
  );
}
