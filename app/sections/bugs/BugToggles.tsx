import { useLab } from '../../state/store/index.ts';
import { BUGS } from './names.ts';

/** One toggle button a bug: pressing one switches it on (and any other off); pressing it again switches it off. */
export function BugToggles() {
  const on = useLab((s) => s.bugOn);
  return (
    <div className="bug-toggles" role="group" aria-label="Switch a bug on">
      {BUGS.map((b) => (
        <button
          key={b.name}
          type="button"
          className="bug-toggle"
          aria-pressed={on === b.name}
          onClick={() => useLab.getState().setBugOn(on === b.name ? null : b.name)}
        >
          <code>{b.name}</code>
          <span>{b.label}</span>
        </button>
      ))}
    </div>
  );
}
