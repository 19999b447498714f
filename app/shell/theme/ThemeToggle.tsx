import { useLab } from '../../state/store/index.ts';
import { THEME_CHOICES, type ThemeChoice } from './theme.ts';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** System / Light / Dark: three radio buttons, so arrow keys move between them. */
export function ThemeToggle() {
  const theme = useLab((s) => s.theme);
  const setTheme = useLab((s) => s.setTheme);
  return (
    <fieldset className="theme-toggle">
      <legend>Theme</legend>
      <div className="segmented small">
        {THEME_CHOICES.map((choice) => (
          <label key={choice} className={choice === theme ? 'on' : undefined}>
            <input
              type="radio"
              name="theme"
              value={choice}
              checked={choice === theme}
              onChange={() => setTheme(choice)}
            />
            {LABELS[choice]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
