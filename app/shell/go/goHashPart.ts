import type { HashPart } from '../../state/url/part.ts';
import { quoteForNotice } from '../../state/url/quoteForNotice.ts';

/**
 * The lab's sections a link can land on: `#…&go=tape` scrolls to the tape explorer, `go=pitfall`
 * to the same with its pitfall (the overwriting sweep) turned on, `go=playground` to "Your own
 * expression", `go=tradeoffs` to "What frameworks hide", `go=tensor` to the tensor section and
 * `go=bugs` to "Bugs you will meet" (`go=hvp` too: its Second derivatives part is in that section);
 * `go=reverse`, `forward`, `fd`, `checkpoint` and `work` to that panel of the chain's figures.
 */
export const GO_TARGETS = ['tape', 'pitfall', 'playground', 'tradeoffs', 'tensor', 'reverse', 'forward', 'fd', 'checkpoint', 'work', 'bugs', 'hvp'] as const;
export type GoTarget = (typeof GO_TARGETS)[number];

const isTarget = (text: string): text is GoTarget => (GO_TARGETS as readonly string[]).includes(text);

/**
 * The `go` key: read once when a link is followed, then dropped (it writes nothing back), so
 * the hash goes on describing what is on screen, not where the reader arrived.
 */
export const goHashPart: HashPart<GoTarget | null, null> = {
  keys: ['go'],
  raw: 'decoded',
  read: (raw) => {
    if (raw.go === undefined) return { value: null, notices: [] };
    const text = raw.go.trim().toLowerCase();
    if (isTarget(text)) return { value: text, notices: [] };
    return { value: null, notices: [`Go: ${quoteForNotice(raw.go)} is not a section (${GO_TARGETS.join(', ')}), so the page stays at the top.`] };
  },
  write: () => '',
};
