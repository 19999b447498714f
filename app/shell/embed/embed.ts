import { quoteForNotice } from '../../state/url/quoteForNotice.ts';
import type { HashPart } from '../../state/url/part.ts';

/**
 * Embed mode, for course pages: `#embed=1&panels=fd,work` shows only the chosen panels and the
 * controls they need, without the page's header chrome, sized to fit an iframe. The two keys
 * ride in the URL hash beside the settings and are validated the same way: anything unreadable
 * is ignored with a notice.
 */

/** The panels a link can pick, in the page's order. */
export const PANEL_KEYS = ['reverse', 'forward', 'fd', 'checkpoint', 'work', 'tape'] as const;

export type PanelKey = (typeof PANEL_KEYS)[number];

/** The hash keys embed mode owns. */
export const VIEW_KEYS = ['embed', 'panels'] as const;

export type ViewKey = (typeof VIEW_KEYS)[number];

/** An embedded view: the panels it shows, in the page's order (never empty). */
export interface EmbedView {
  panels: PanelKey[];
}

const ON = new Set(['1', 'true', 'yes', 'on']);
const OFF = new Set(['0', 'false', 'no', 'off', '']);


/**
 * Reads the embed keys of a hash. `embed` is 1 or 0 (anything else: the full page, with a
 * notice); `panels` is a comma-separated list of panel names, honoured only with embed=1, with
 * unknown names ignored and named in a notice. No valid name at all shows every panel.
 */
export function parseView(raw: Partial<Record<ViewKey, string>>, available: readonly PanelKey[] = PANEL_KEYS): {
  embed: EmbedView | null;
  notices: string[];
} {
  const notices: string[] = [];
  const flag = raw.embed?.trim().toLowerCase();
  let on = false;
  if (flag !== undefined) {
    if (ON.has(flag)) on = true;
    else if (!OFF.has(flag)) notices.push(`Embed: ${quoteForNotice(raw.embed ?? '')} is not 1 or 0, so the full page is shown.`);
  }
  if (!on) {
    if (raw.panels !== undefined && raw.panels.trim() !== '') {
      notices.push('Panels: a panel list applies only with embed=1, so every panel is shown.');
    }
    return { embed: null, notices };
  }
  if (raw.panels === undefined || raw.panels.trim() === '') return { embed: { panels: [...available] }, notices };
  const asked = raw.panels.split(',').map((p) => p.trim().toLowerCase()).filter((p) => p !== '');
  const unknown = [...new Set(asked.filter((p) => !(available as readonly string[]).includes(p)))];
  const panels = available.filter((p) => asked.includes(p));
  if (unknown.length > 0) {
    const names = unknown.slice(0, 3).map((p) => quoteForNotice(p)).join(', ');
    const more = unknown.length > 3 ? ` and ${unknown.length - 3} more` : '';
    notices.push(
      `Panels: ignored ${unknown.length === 1 ? 'an unknown panel name' : 'unknown panel names'} ${names}${more} (known: ${available.join(', ')}).`,
    );
  }
  if (panels.length === 0) {
    notices.push('Panels: no known panel was named, so every panel is shown.');
    return { embed: { panels: [...available] }, notices };
  }
  return { embed: { panels }, notices };
}

/** The hash text of a view (no leading & or #): '' for the full page, else `embed=1&panels=…`. */
export function encodeView(embed: EmbedView | null, available: readonly PanelKey[] = PANEL_KEYS): string {
  if (!embed) return '';
  const all = available.every((p) => embed.panels.includes(p));
  return all ? 'embed=1' : `embed=1&panels=${embed.panels.join(',')}`;
}

/** True when the page (full or embedded) shows panel `key`. */
export function showsPanel(embed: EmbedView | null, key: PanelKey): boolean {
  return embed === null || embed.panels.includes(key);
}

/**
 * True when the page shows a section of the lab (app/state/feature.ts): the full page shows every
 * one; an embed only those whose panel key (`tape`) it names.
 */
export function showsSection(embed: EmbedView | null, key: string | undefined): boolean {
  return embed === null || (key !== undefined && (embed.panels as readonly string[]).includes(key));
}

/** Which optional controls an embedded view needs: the chain steps are always shown. */
export interface ControlNeeds {
  /** The finite-difference epsilon: only the finite-difference panel reads it. */
  eps: boolean;
  /** The checkpoint schedule with its stride or snapshots. */
  schedule: boolean;
  /** c, x₀ and the target: they change the gradients, not the work counts or the schedule. */
  constants: boolean;
}

export function controlsFor(embed: EmbedView | null): ControlNeeds {
  if (!embed) return { eps: true, schedule: true, constants: true };
  const has = (...keys: PanelKey[]) => keys.some((k) => embed.panels.includes(k));
  return {
    eps: has('fd'),
    schedule: has('checkpoint', 'work'),
    constants: has('reverse', 'forward', 'fd', 'tape'),
  };
}

/** Embed mode's keys in the URL hash (listed in app/state/url/hash.ts). */
export const viewHashPart: HashPart<EmbedView | null> = {
  keys: VIEW_KEYS,
  raw: 'decoded',
  read: (raw) => {
    const { embed, notices } = parseView(raw);
    return { value: embed, notices };
  },
  write: (embed) => encodeView(embed),
};
