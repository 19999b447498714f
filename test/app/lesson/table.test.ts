import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHAPTER_COUNT, CHAPTER_ORDER, chapterNumber, slugAt } from '../../../app/lesson/chapters/order.ts';
import { say } from '../../../app/lesson/chapters/row.ts';
import { CHAPTER_FOLDERS, CHAPTERS } from '../../../app/lesson/chapters/table.ts';
import { chapterAsks } from '../../../scripts/docs/blocks.ts';
import { goTargets } from '../../../app/shell/go/goHashPart.ts';

describe('the table of chapters', () => {
  it('numbers its rows 1, 2, … in order, nine at least, each with a title and a figure', () => {
    expect(CHAPTERS.length).toBeGreaterThanOrEqual(9);
    CHAPTERS.forEach((row, i) => {
      expect(row.number, row.title).toBe(i + 1);
      expect(row.title.trim(), `chapter ${row.number}`).not.toBe('');
      expect(row.figure, `chapter ${row.number}`).toBeTruthy();
    });
    expect(new Set(CHAPTERS.map((r) => r.title)).size).toBe(CHAPTERS.length);
  });

  it('sends each chapter’s "Open this in the lab" link to a part of the lab the go= key knows', () => {
    for (const row of CHAPTERS) expect(goTargets(), `chapter ${row.number}`).toContain(row.labSection);
    // The chapters on one expression open it in the playground; the one on the accumulate pitfall, the pitfall.
    expect(CHAPTERS.slice(0, 3).map((r) => r.labSection)).toEqual(['playground', 'playground', 'pitfall']);
  });

  it('has one row per slug of order.ts, in its order: the count the hash is checked against', () => {
    expect(CHAPTERS).toHaveLength(CHAPTER_COUNT);
    expect(CHAPTERS.map((r) => r.slug)).toEqual(CHAPTER_ORDER);
    expect(new Set(CHAPTER_ORDER).size).toBe(CHAPTER_ORDER.length);
    for (const slug of CHAPTER_ORDER) {
      expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(slugAt(chapterNumber(slug))).toBe(slug);
    }
    expect(slugAt(0)).toBeUndefined();
    expect(slugAt(CHAPTER_COUNT + 1)).toBeUndefined();
  });

  it('finds a folder for every slug and lists every folder: a chapter left out of order.ts fails here', () => {
    expect([...CHAPTER_FOLDERS].sort()).toEqual([...CHAPTER_ORDER].sort());
  });

  it('says which chapters ask a question as the docs read it from the source (scripts/docs/blocks.ts)', () => {
    for (const row of CHAPTERS) expect(chapterAsks(row.slug), row.slug).toBe(row.question !== undefined);
  });

  it('has nothing but chapters in its folders: each folder beside order.ts is a slug, with its four files', () => {
    const dir = fileURLToPath(new URL('../../../app/lesson/chapters/', import.meta.url));
    const folders = readdirSync(dir).filter((name) => statSync(`${dir}${name}`).isDirectory());
    expect(folders.sort()).toEqual([...CHAPTER_ORDER].sort());
    for (const slug of folders) {
      for (const file of ['chapter.ts', 'words.md', 'notes.md', 'Figure.tsx']) expect(existsSync(`${dir}${slug}/${file}`), `${slug}/${file}`).toBe(true);
    }
  });

  it('asks questions that end in "?" and accept exactly one of their choices, before and after the figure answers', () => {
    const asked = CHAPTERS.filter((r) => r.question);
    expect(asked.length).toBeGreaterThan(0);
    for (const { number, question } of asked) {
      const q = question!;
      for (const live of [{}, { window: '28', before: '12', zeroed: '12' }, { window: '40', before: '0', zeroed: '0' }]) {
        expect(say(q.prompt, live), `chapter ${number}`).toMatch(/\?$/);
        expect(say(q.prompt, live), `chapter ${number}`).not.toMatch(/undefined|null|NaN/);
      }
      // The accepted answer is a fixed label, so it reads the same whatever the figure holds.
      expect(q.choices.filter((c) => c.label === q.answer), `chapter ${number}`).toHaveLength(1);
      // Words that quote the figure read whole both before its numbers arrive and after.
      for (const live of [{}, { z: '0.87', overwritten: '4', sum: '4.39', ratio: '3,000×', scalarNodes: '30,000', tensorNodes: '10' }]) {
        const labels = q.choices.map((c) => say(c.label, live));
        expect(new Set(labels).size, `chapter ${number}: labels are distinct`).toBe(labels.length);
        for (const c of q.choices) {
          for (const text of [say(c.label, live), say(c.why, live)]) {
            expect(text.trim(), `chapter ${number}`).not.toBe('');
            expect(text, `chapter ${number}`).not.toMatch(/undefined|null|NaN/);
          }
        }
      }
    }
  });
});

describe('docs/teaching.md, against the chapters', () => {
  const doc = readFileSync(fileURLToPath(new URL('../../../docs/teaching.md', import.meta.url)), 'utf8');

  it('lists every chapter by its number, title and link, in order', () => {
    const table = doc.slice(doc.indexOf('| # | chapter |')).split('\n\n')[0];
    const rows = [...table.matchAll(/^\| (\d+) \| ([^|]+) \|.*\| `#lesson=([a-z-]+)` \|$/gm)].map((m) => [Number(m[1]), m[2].trim(), m[3]]);
    expect(rows).toEqual(CHAPTERS.map((r) => [r.number, r.title, r.slug]));
  });

  it('counts the chapters that ask for a prediction as the chapters do', () => {
    const m = /(\d+) of the (\d+) ask\s+the class for a prediction/.exec(doc);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBe(CHAPTERS.filter((r) => r.question).length);
    expect(Number(m![2])).toBe(CHAPTERS.length);
  });
});
