import { VIEW_KEYS, type ViewKey } from '../embed/embed.ts';
import { PLAYGROUND_KEYS, type PlaygroundKey } from '../playground/hash.ts';
import { SETTING_KEYS, type AppSettings, type SettingKey } from './schema.ts';
import { validateSettings, type RawSettings, type Validated } from './validate.ts';

/**
 * The shortest text that reads back as exactly the same number. The epsilon is written in
 * exponent form (1e-5, 1.8e-7), the others as plain decimals (0.35, -1).
 */
function numberText(key: SettingKey, x: number): string {
  return key === 'eps' ? x.toExponential().replace('e+', 'e') : String(x);
}

/**
 * Writes settings as a URL hash body (no leading #) in a fixed key order:
 * `steps=40&eps=1e-5&stride=4&schedule=periodic&snapshots=3&c=0.35&x0=0.4&target=0.25`.
 */
export function encodeHash(settings: AppSettings): string {
  return SETTING_KEYS.map((key) => {
    const value = settings[key];
    const text = typeof value === 'number' ? numberText(key, value) : value;
    return `${key}=${encodeURIComponent(text)}`;
  }).join('&');
}

/**
 * A decoded hash: valid settings, notices, the raw text of the view keys (embed mode's), and the
 * playground's keys still percent-encoded (app/playground/hash.ts reads them: a `+` there is plus).
 */
export interface DecodedHash extends Validated {
  view: Partial<Record<ViewKey, string>>;
  playground: Partial<Record<PlaygroundKey, string>>;
}

/**
 * Reads a URL hash (with or without the leading #) into valid settings. Missing keys take their
 * defaults; unreadable, out-of-range and unknown ones are corrected, each with one notice.
 * Any string decodes to valid settings. The view keys (`embed`, `panels`) are passed through
 * unread for app/embed to validate.
 */
export function decodeHash(hash: string): DecodedHash {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const raw: RawSettings = {};
  const view: Partial<Record<ViewKey, string>> = {};
  const playground: Partial<Record<PlaygroundKey, string>> = {};
  const unknown: string[] = [];
  for (const part of body.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = safeDecode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : safeDecode(part.slice(eq + 1));
    if ((SETTING_KEYS as readonly string[]).includes(key)) raw[key as SettingKey] = value;
    else if ((VIEW_KEYS as readonly string[]).includes(key)) view[key as ViewKey] = value;
    else if ((PLAYGROUND_KEYS as readonly string[]).includes(key)) playground[key as PlaygroundKey] = eq < 0 ? '' : part.slice(eq + 1);
    else unknown.push(key);
  }
  const validated: DecodedHash = { ...validateSettings(raw), view, playground };
  if (unknown.length > 0) {
    const names = unknown.slice(0, 3).map((k) => `“${k.length > 16 ? `${k.slice(0, 16)}…` : k}”`);
    const more = unknown.length > 3 ? ` and ${unknown.length - 3} more` : '';
    validated.notices.push(
      `Ignored ${unknown.length === 1 ? 'an unknown setting' : 'unknown settings'} ${names.join(', ')}${more}.`,
    );
  }
  return validated;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
