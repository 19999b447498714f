import { controlsFor } from '../shell/embed/embed.ts';
import { useLab } from '../state/store/index.ts';
import { hashOf } from '../state/url/hash.ts';
import { ScheduleChoice } from './ScheduleChoice.tsx';
import { EpsSlider, KnobSlider, StepsSlider } from './Sliders.tsx';
import { Status } from '../shell/Status.tsx';

/**
 * The settings: three main sliders, the schedule, the chain's constants under a disclosure. An
 * embedded view shows only the controls its panels read.
 */
export function Controls() {
  const embed = useLab((s) => s.embed);
  const needs = controlsFor(embed);
  return (
    <section className="controls" aria-label="Lab settings">
      <Status />
      <div className="control-grid">
        {needs.eps ? <EpsSlider /> : null}
        <StepsSlider />
        {needs.schedule ? <ScheduleChoice /> : null}
        {needs.constants ? <MoreSettings /> : null}
        <Actions />
      </div>
    </section>
  );
}

function MoreSettings() {
  const open = useLab((s) => s.moreOpen);
  const setMoreOpen = useLab((s) => s.setMoreOpen);
  return (
    <details className="more" open={open} onToggle={(e) => setMoreOpen(e.currentTarget.open)}>
      <summary>Chain constants: c, x₀, target</summary>
      <div className="more-body">
        <KnobSlider knob="c" />
        <KnobSlider knob="x0" />
        <KnobSlider knob="target" />
      </div>
    </details>
  );
}

function Actions() {
  const resetSettings = useLab((s) => s.resetSettings);
  const copyState = useLab((s) => s.copyState);
  const setCopyState = useLab((s) => s.setCopyState);
  const copy = async () => {
    const url = new URL(window.location.href);
    // The same hash the address bar shows: settings, the playground's expression, the embed view.
    url.hash = hashOf(useLab.getState());
    try {
      await navigator.clipboard.writeText(url.href);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
    window.setTimeout(() => setCopyState(null), 2500);
  };
  return (
    <div className="actions">
      <button type="button" onClick={resetSettings}>
        Reset to defaults
      </button>
      <button type="button" onClick={copy}>
        Copy link
      </button>
      <span className="copy-feedback" role="status" aria-live="polite">
        {copyState === 'copied' ? 'Link copied' : copyState === 'failed' ? 'Copy failed: use the address bar' : ''}
      </span>
    </div>
  );
}
