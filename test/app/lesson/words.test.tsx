import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { chapterNumber } from '../../../app/lesson/chapters/order.ts';
import { CHAPTERS } from '../../../app/lesson/chapters/table.ts';
import { GLOSSARY } from '../../../app/lesson/glossary.ts';
import { readFileSync } from 'node:fs';
import { parseWords, plainText, STYLES, type Block } from '../../../app/lesson/words/parse.ts';
import { Words } from '../../../app/lesson/words/Words.tsx';

const FILE = 'app/lesson/chapters/test/words.md';
const read = (text: string) => parseWords(text, FILE);
const html = (blocks: readonly Block[]) => renderToStaticMarkup(<Words blocks={blocks} />).replace(/<!-- -->/g, '');

describe('a chapter’s words file', () => {
  it('reads the title, the body and the two sections after the question', () => {
    const words = read('# A value read twice\n\nFirst line\nand its second.\n\nA second paragraph.\n\n## after the answer\nShown once answered.\n\n## After the question\nThere from the start.\n');
    expect(words.title).toBe('A value read twice');
    expect(plainText(words.body, chapterNumber)).toBe('First line and its second.\nA second paragraph.');
    expect(plainText(words.afterAnswer, chapterNumber)).toBe('Shown once answered.');
    expect(plainText(words.afterQuestion, chapterNumber)).toBe('There from the start.');
  });

  it('draws each inline form as the lesson’s HTML, another chapter by its number', () => {
    const words = read('# T\n\nA *primitive*, **Try:** `loss.backward()`, [the tape](#go=tape) and chapter {chapter:finite-differences}.\n');
    expect(html(words.body)).toBe(
      `<p>A <dfn>primitive</dfn>, <strong>Try:</strong> <code>loss.backward()</code>, <a href="#go=tape">the tape</a> and chapter ${chapterNumber('finite-differences')}.</p>`,
    );
  });

  it('draws lists, a formula, a style and a practice link', () => {
    const words = read(
      '# T\n\n{.remember}\n1. one\n2. two\n\n{.options}\n- a;\n- b.\n\n{.tex-small}\n$$back$$\n\n{.todo}\n**Try:** move it.\n\nTry one yourself (level 2, seed 265): x is read\ntwice.\n',
    );
    expect(words.body.map((b) => b.kind)).toEqual(['list', 'list', 'formula', 'paragraph', 'practice']);
    expect(words.body[4]).toMatchObject({ kind: 'practice', level: 2, seed: 265 });
    const out = html(words.body.slice(0, 4));
    expect(out).toMatch(/^<ol class="remember"><li>one<\/li><li>two<\/li><\/ol><ul class="options"><li>a;<\/li><li>b.<\/li><\/ul><div class="tex-small">/);
    expect(out).toMatch(/<p class="todo"><strong>Try:<\/strong> move it.<\/p>$/);
    expect(plainText(words.body, chapterNumber)).toContain('Try one yourself: x is read twice.');
  });

  it('reads a file that starts with a byte-order mark, as some editors save it', () => {
    expect(read('\uFEFF# T\n\nWords.\n').title).toBe('T');
  });

  it.each([
    ['no title', 'Words first.\n', 'line 1: the file must start with the title'],
    ['a marker left open', '# T\n\nA *term that never ends.\n', 'line 3: "*" is not closed'],
    ['a stray brace on a paragraph’s second line', '# T\n\nOne\nset {x.\n', 'line 4: "{" is not closed'],
    ['a form it does not know on a paragraph’s third line', '# T\n\nOne\ntwo\nthree {figure:2}.\n', 'line 5: {figure:2} is not a form'],
    ['a marker left open in a practice link’s second line', '# T\n\nTry one yourself (level 2, seed 1): x is\nread *twice.\n', 'line 4: "*" is not closed'],
    ['a numbered list that skips', '# T\n\n1. one\n3. two\n', 'line 4: a numbered list counts 1, 2, 3, …: this item says 3, not 2'],
    ['a form it does not know', '# T\n\nSee {figure:2}.\n', 'line 3: {figure:2} is not a form'],
    ['a chapter that does not exist', '# T\n\nAs chapter {chapter:nowhere} said.\n', 'line 3: {chapter:nowhere}: there is no chapter "nowhere"'],
    ['a section it does not know', '# T\n\nBody.\n\n## after the figure\nMore.\n', 'line 5: "## after the figure" is not a section'],
    ['a section twice', '# T\n\n## after the answer\nA.\n\n## after the answer\nB.\n', 'line 6: "## after the answer" comes twice'],
    ['a style it does not know', '# T\n\n{.bold}\nWords.\n', 'line 3: {.bold} is not a style'],
    ['a style apart from its block', '# T\n\n{.todo}\n\nWords.\n', 'line 3: a style line must come just before'],
    ['a formula it does not know', '# T\n\n$$nope$$\n', 'line 3: $$nope$$ is not a formula'],
    ['a practice level it does not have', '# T\n\nTry one yourself (level 5, seed 1): more.\n', 'line 3: practice has levels 1 to 4'],
    ['a practice link misspelt', '# T\n\nTry one yourself (level 2): more.\n', 'line 3: a practice link reads'],
    ['a wrapped line read as a list', '# T\n\nMachine epsilon is about\n2. So it goes.\n', 'line 4: a list and a paragraph are parted by a blank line'],
    ['a list item wrapped', '# T\n\n- one item that\nwraps.\n', 'line 4: a list and a paragraph are parted by a blank line'],
    ['a style before a heading', '# T\n\nBody.\n\n{.todo}\n## after the question\nMore.\n', 'line 5: a style line must come just before'],
    ['a link out of the page', '# T\n\nSee [this](https://example.com).\n', 'line 3: a link goes to a place in the page'],
  ])('names the file and the line of %s', (_, text, message) => {
    expect(() => read(text)).toThrow(`${FILE}, ${message}`);
  });
});

describe('the chapters’ words', () => {
  it('ask only for styles their stylesheets define', () => {
    for (const [style, sheet] of Object.entries(STYLES)) {
      expect(readFileSync(new URL(`../../../${sheet}`, import.meta.url), 'utf8'), `${style} in ${sheet}`).toMatch(new RegExp(`\\.${style}[\\s,{]`));
    }
  });

  it('give every chapter a body, and words after the answer only to a chapter that asks a question', () => {
    for (const row of CHAPTERS) {
      expect(row.body.length, row.slug).toBeGreaterThan(0);
      if (!row.question) expect(row.afterAnswer, row.slug).toEqual([]);
    }
  });

  it('define only terms the glossary explains', () => {
    // A term's singular, without a call's brackets: "passes" and "Pass", "held item" and "Held items" meet.
    const one = (term: string) => term.toLowerCase().replace(/\(\)$/, '').replace(/(ss)es$|([^s])s$/, '$1$2');
    const glossary = GLOSSARY.map(([term]) => one(term));
    // The words say "stored state" where the glossary's entry is its other name (its first words: "A stored state").
    const SAME: Record<string, string> = { 'stored state': 'checkpoint' };
    // A term is defined in the words as the reader meets it: a plural, or with its call's brackets.
    const known = (term: string) => glossary.includes(one(SAME[term] ?? term));
    const terms = CHAPTERS.flatMap((row) =>
      [...row.body, ...row.afterAnswer, ...row.afterQuestion].flatMap((block) =>
        (block.kind === 'list' ? block.items.flat() : 'inlines' in block ? block.inlines : []).flatMap((run) => (run.kind === 'term' ? [`${row.slug}: ${run.text}`] : [])),
      ),
    );
    expect(terms.length).toBeGreaterThan(40);
    expect(terms.filter((t) => !known(t.split(': ')[1]))).toEqual([]);
  });
});
