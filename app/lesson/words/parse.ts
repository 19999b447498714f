/**
 * A chapter's words as content: `app/lesson/chapters/<slug>/words.md` (and its speaker notes,
 * `<slug>/notes.md`, see parseNotes), plain text in a small subset of Markdown plus two forms of
 * the lesson's own, read into blocks that ./Words.tsx draws.
 * Nothing else is allowed, so a typo is an error that names the file and the line, not a page
 * that quietly shows a stray `*` (test/app/lesson/words.test.tsx reads every chapter's file).
 *
 * The file:
 *
 *     # The chapter's title
 *
 *     The words beside the figure, above the question: paragraphs, one blank line between them.
 *
 *     ## after the answer
 *     Words that would give the answer away: shown once the question is answered.
 *
 *     ## after the question
 *     Words below the question, there from the start.
 *
 * Blocks:
 * - a paragraph: lines of text, joined with a space;
 * - a list: lines starting `- ` (bullets) or `1. `, `2. ` … (numbered), one item a line;
 * - a formula on a line of its own: `$$step$$`, a name from app/ui/formulas/tex.ts;
 * - a practice link: a paragraph starting `Try one yourself (level 2, seed 265): ` and the
 *   sentence that says what the problem asks (it opens that problem of app/practice);
 * - `{.todo}` on the line before a block gives it that style (STYLES says which exist).
 *
 * Inline forms:
 * - `*term*`: a term defined here, at its first use (drawn as <dfn>);
 * - `**words**`: strong; `` `code` ``: code, such as `loss.backward()`;
 * - `[words](#go=tape)`: a link within the page;
 * - `{chapter:sweep}`: another chapter's number, from its slug (never a typed number).
 */
import { CHAPTER_ORDER, type ChapterSlug } from '../chapters/order.ts';
import { FORMULAS, type FormulaName } from '../../ui/formulas/tex.ts';
import type { PracticeLevel } from '../../../engine/practice/types.ts';

/** A run of text inside a block. */
export type Inline =
  | { kind: 'text'; text: string }
  /** A term defined at its first use. */
  | { kind: 'term'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; text: string }
  /** Another chapter's number, as its place in the list gives it. */
  | { kind: 'chapter'; slug: ChapterSlug };

/** The styles a block may ask for with `{.name}`, each a class of the lesson's CSS. */
export const STYLES = {
  /** A paragraph that asks the reader to do something with the figure ("Try: …"). */
  todo: 'app/lesson/lesson.css',
  /** A list of options or mistakes, indented as a paragraph is. */
  options: 'app/lesson/lesson.css',
  /** The closing chapter's list of what to remember. */
  remember: 'app/lesson/chapters/remember/remember.css',
  /** The closing chapter's links into the lab (two columns on the stage). */
  'next-steps': 'app/lesson/chapters/remember/remember.css',
  /** A formula set smaller than the words. */
  'tex-small': 'app/lesson/lesson.css',
} as const;

export type Style = keyof typeof STYLES;

export type Block =
  | { kind: 'paragraph'; style?: Style; inlines: Inline[] }
  | { kind: 'list'; ordered: boolean; style?: Style; items: Inline[][] }
  | { kind: 'formula'; style?: Style; name: FormulaName }
  /** "Try one yourself": a practice problem of this level and seed, and what it asks. */
  | { kind: 'practice'; level: PracticeLevel; seed: number; inlines: Inline[] };

/** A chapter's words, read from its file. */
export interface ChapterWords {
  title: string;
  /** Beside the figure, above the question (all of the words when there is none). */
  body: Block[];
  /** Shown below the question once it is answered. */
  afterAnswer: Block[];
  /** Below the question (and below afterAnswer once it shows), there from the start. */
  afterQuestion: Block[];
}

/** The sections a words file may have after its body, by their heading. */
const WORD_SECTIONS = { 'after the answer': 'afterAnswer', 'after the question': 'afterQuestion' } as const;

/**
 * A chapter's speaker notes (`<slug>/notes.md`), for the notes window beside the slides: "# Speaker
 * notes", then its three sections, each headed as the window heads it.
 */
export interface SpeakerNotes {
  /** A question for the room, before the figure answers it. */
  ask: Block[];
  /** What the live figure shows for certain, and how. */
  proves: Block[];
  /** Answers students give that are wrong, each with the reply: one list. */
  wrong: Block[];
}

const NOTE_SECTIONS = { 'ask the room': 'ask', 'what the figure proves': 'proves', 'wrong answers to expect': 'wrong' } as const;

/** A mistake in a words file: its message names the file and the line. */
export class WordsError extends Error {
  constructor(file: string, line: number, message: string) {
    super(`${file}, line ${line}: ${message}`);
    this.name = 'WordsError';
  }
}

const PRACTICE = /^Try one yourself \(level (\d+), seed (\d+)\): (.*)$/s;
const FORMULA = /^\$\$(\w+)\$\$$/;
const STYLE = /^\{\.([\w-]+)\}$/;
const BULLET = /^- (.*)$/;
const NUMBERED = /^(\d+)\. (.*)$/;

/** Reads a chapter's words file (`file` names it in errors). Throws a WordsError on anything it does not know. */
export function parseWords(source: string, file: string): ChapterWords {
  const { title, body, sections } = readSections(source, file, WORD_SECTIONS);
  return { title, body, afterAnswer: sections.afterAnswer ?? [], afterQuestion: sections.afterQuestion ?? [] };
}

/** Reads a chapter's speaker notes (`file` names it in errors): all three sections, the wrong answers as one list. */
export function parseNotes(source: string, file: string): SpeakerNotes {
  const { title, body, sections, lines } = readSections(source, file, NOTE_SECTIONS);
  if (title !== 'Speaker notes') throw new WordsError(file, lines.title, `the notes' title is "# Speaker notes", not "# ${title}".`);
  if (body.length > 0) throw new WordsError(file, lines.body, 'the notes have no words before "## Ask the room".');
  for (const [heading, key] of Object.entries(NOTE_SECTIONS)) {
    // A section missing is named at the end of the file, where it would go; an empty one at its heading.
    if (!sections[key]?.length) throw new WordsError(file, lines.sections[key] ?? lines.end, `the notes need a section "## ${heading}" with words in it.`);
  }
  const wrong = sections.wrong!;
  if (wrong.length !== 1 || wrong[0].kind !== 'list' || wrong[0].ordered) {
    throw new WordsError(file, lines.sections.wrong ?? lines.end, 'the wrong answers are one list, a line each starting "- ".');
  }
  return { ask: sections.ask!, proves: sections.proves!, wrong };
}

/**
 * Reads a file of the lesson's words: its title, the blocks before the first "##" heading, and the
 * blocks under each heading `headings` knows (by the key it gives), each at most once.
 */
function readSections<Key extends string>(
  source: string,
  file: string,
  headings: Readonly<Record<string, Key>>,
): {
  title: string;
  body: Block[];
  sections: Partial<Record<Key, Block[]>>;
  /** Where things are, for errors found later: the title's line, the body's first, each heading's, the last. */
  lines: { title: number; body: number; sections: Partial<Record<Key, number>>; end: number };
} {
  // A byte-order mark, as some editors write, is not part of the title.
  const lines = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0 || !lines[first].startsWith('# ')) {
    throw new WordsError(file, first < 0 ? 1 : first + 1, 'the file must start with the title, as "# Title".');
  }
  const title = lines[first].slice(2).trim();
  if (title === '') throw new WordsError(file, first + 1, 'the title is empty.');
  const body: Block[] = [];
  const sections: Partial<Record<Key, Block[]>> = {};
  const where = { title: first + 1, body: first + 2, sections: {} as Partial<Record<Key, number>>, end: lines.length - (lines.at(-1) === '' ? 1 : 0) };
  let bodySeen = false;
  let into = body;
  let style: { name: Style; line: number } | null = null;
  // The block being gathered: its lines and the line it starts on.
  let chunk: { lines: string[]; start: number } | null = null;

  const flush = () => {
    if (!chunk) return;
    into.push(readBlock(chunk.lines, chunk.start, style?.name, file));
    chunk = null;
    style = null;
  };

  for (let i = first + 1; i < lines.length; i++) {
    const line = lines[i].trim();
    const at = i + 1;
    if (line === '') {
      if (style && !chunk) throw new WordsError(file, style.line, 'a style line must come just before the block it styles.');
      flush();
      continue;
    }
    if (line.startsWith('#')) {
      if (style && !chunk) throw new WordsError(file, style.line, 'a style line must come just before the block it styles.');
      flush();
      const heading = /^## (.*)$/.exec(line)?.[1].trim().toLowerCase();
      if (heading === undefined || !Object.hasOwn(headings, heading)) {
        throw new WordsError(file, at, `"${line}" is not a section; the sections are ${Object.keys(headings).map((h) => `"## ${h}"`).join(', ')}.`);
      }
      const key = headings[heading];
      if (sections[key]) throw new WordsError(file, at, `"## ${heading}" comes twice.`);
      into = sections[key] = [];
      where.sections[key] = at;
      continue;
    }
    const styled = STYLE.exec(line);
    if (styled) {
      flush();
      if (!Object.hasOwn(STYLES, styled[1])) throw new WordsError(file, at, `{.${styled[1]}} is not a style; the styles are ${Object.keys(STYLES).join(', ')}.`);
      style = { name: styled[1] as Style, line: at };
      continue;
    }
    // A list item or a formula starts a block of its own kind; a paragraph's line continues it.
    // A list and a paragraph touching would be a wrapped line read as the other: a blank line parts them.
    if (chunk && startsBlock(line) !== startsBlock(chunk.lines[0])) {
      const kinds = [startsBlock(line), startsBlock(chunk.lines[0])];
      if (kinds.includes('text') && (kinds.includes('bullet') || kinds.includes('numbered'))) {
        throw new WordsError(file, at, 'a list and a paragraph are parted by a blank line (and a list item stays on one line).');
      }
      flush();
    }
    if (into === body && !bodySeen) {
      bodySeen = true;
      where.body = at;
    }
    chunk ??= { lines: [], start: at };
    chunk.lines.push(line);
  }
  flush();
  if (style) throw new WordsError(file, (style as { line: number }).line, 'a style line must come just before the block it styles.');
  return { title, body, sections, lines: where };
}

/** What kind of block a line starts: a list item, a formula, or a paragraph's text. */
function startsBlock(line: string): 'bullet' | 'numbered' | 'formula' | 'text' {
  if (BULLET.test(line)) return 'bullet';
  if (NUMBERED.test(line)) return 'numbered';
  if (FORMULA.test(line)) return 'formula';
  return 'text';
}

function readBlock(lines: string[], start: number, style: Style | undefined, file: string): Block {
  const kind = startsBlock(lines[0]);
  if (kind === 'formula') {
    if (lines.length > 1) throw new WordsError(file, start + 1, 'a formula stands alone on its line, with a blank line after it.');
    const name = FORMULA.exec(lines[0])![1];
    if (!Object.hasOwn(FORMULAS, name)) throw new WordsError(file, start, `$$${name}$$ is not a formula; the formulas are ${Object.keys(FORMULAS).join(', ')}.`);
    return { kind: 'formula', style, name: name as FormulaName };
  }
  if (kind === 'bullet' || kind === 'numbered') {
    const pattern = kind === 'bullet' ? BULLET : NUMBERED;
    const items = lines.map((line, i) => {
      const item = pattern.exec(line);
      if (!item) throw new WordsError(file, start + i, 'a list has one item a line, each starting as the first does.');
      // The page numbers the items itself: a number that skips or repeats would say one thing here and another there.
      if (kind === 'numbered' && Number(item[1]) !== i + 1) {
        throw new WordsError(file, start + i, `a numbered list counts 1, 2, 3, …: this item says ${item[1]}, not ${i + 1}.`);
      }
      return readInlines(item[kind === 'bullet' ? 1 : 2], file, start + i);
    });
    return { kind: 'list', ordered: kind === 'numbered', style, items };
  }
  const text = lines.join(' ');
  // The line an offset of the joined text is on: each line adds its length and one space.
  const lineAt = (offset: number) => {
    let end = 0;
    for (let i = 0; i < lines.length; i++) {
      end += lines[i].length + 1;
      if (offset < end) return start + i;
    }
    return start + lines.length - 1;
  };
  const practice = PRACTICE.exec(text);
  if (practice) {
    const level = Number(practice[1]);
    if (level < 1 || level > 4) throw new WordsError(file, start, `practice has levels 1 to 4, not ${level}.`);
    if (style) throw new WordsError(file, start, 'a practice link takes no style.');
    const from = text.length - practice[3].length;
    return { kind: 'practice', level: level as PracticeLevel, seed: Number(practice[2]), inlines: readInlines(practice[3], file, (at) => lineAt(from + at)) };
  }
  if (text.startsWith('Try one yourself')) {
    throw new WordsError(file, start, 'a practice link reads "Try one yourself (level N, seed S): what it asks".');
  }
  return { kind: 'paragraph', style, inlines: readInlines(text, file, lineAt) };
}

// The inline forms, longest first: `**` before `*`.
const INLINE = /\*\*([^*]+)\*\*|\*([^*]+)\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\{([^{}]*)\}/g;

/**
 * Reads a block's text into runs. Throws on a marker left open or a form it does not know, naming
 * the line it is on: `line` is the block's line, or the line of an offset in a text joined from several.
 */
export function readInlines(text: string, file: string, line: number | ((offset: number) => number)): Inline[] {
  const lineOf = typeof line === 'number' ? () => line : line;
  const out: Inline[] = [];
  let last = 0;
  const plain = (to: number) => {
    const piece = text.slice(last, to);
    const stray = /[*`]|\{|\}/.exec(piece);
    if (stray) throw new WordsError(file, lineOf(last + stray.index), `"${stray[0]}" is not closed (in "${piece.trim()}"); write it in a form: *term*, **strong**, \`code\`, {chapter:slug}.`);
    if (piece) out.push({ kind: 'text', text: piece });
  };
  for (const match of text.matchAll(INLINE)) {
    plain(match.index);
    last = match.index + match[0].length;
    const [, strong, term, code, linkText, href, braces] = match;
    if (strong !== undefined) out.push({ kind: 'strong', text: strong });
    else if (term !== undefined) out.push({ kind: 'term', text: term });
    else if (code !== undefined) out.push({ kind: 'code', text: code });
    else if (linkText !== undefined) {
      if (!href.startsWith('#')) throw new WordsError(file, lineOf(match.index), `a link goes to a place in the page (#…), not "${href}".`);
      out.push({ kind: 'link', href, text: linkText });
    } else {
      const slug = /^chapter:([\w-]+)$/.exec(braces)?.[1];
      if (slug === undefined) throw new WordsError(file, lineOf(match.index), `{${braces}} is not a form; a chapter's number is {chapter:slug}.`);
      if (!(CHAPTER_ORDER as readonly string[]).includes(slug)) {
        throw new WordsError(file, lineOf(match.index), `{chapter:${slug}}: there is no chapter "${slug}" in app/lesson/chapters/order.ts.`);
      }
      out.push({ kind: 'chapter', slug: slug as ChapterSlug });
    }
  }
  plain(text.length);
  return out;
}

/** Blocks' words as plain text, the chapter numbers filled in: what a reader sees (the tests compare it with the page and the engine). */
export function plainText(blocks: readonly Block[], numberOf: (slug: ChapterSlug) => number): string {
  const inline = (runs: readonly Inline[]) => runs.map((run) => (run.kind === 'chapter' ? String(numberOf(run.slug)) : run.text)).join('');
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'paragraph':
          return inline(block.inlines);
        case 'list':
          return block.items.map(inline).join('\n');
        case 'formula':
          return '';
        case 'practice':
          return `Try one yourself: ${inline(block.inlines)}`;
      }
    })
    .filter((text) => text !== '')
    .join('\n');
}
