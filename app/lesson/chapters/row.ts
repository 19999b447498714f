import type { ComponentType } from 'react';
import type { GoTarget } from '../../state/store/types.ts';
import type { Retryable } from '../../shell/retryable.ts';
import type { ChapterSlug } from './order.ts';
import type { ChapterWords, SpeakerNotes } from '../words/parse.ts';

/**
 * Values a chapter's figure has computed, already formatted, by name (`{ z: '0.87' }`). A question's
 * text may quote them; each is undefined until the worker has answered.
 */
export type Live = Readonly<Record<string, string | undefined>>;

/** Words that are fixed, or that quote the figure's live values. */
export type Text = string | ((live: Live) => string);

/** One choice of a prediction, with why it is right or not. */
export interface Choice {
  label: Text;
  /** One or two sentences: why, in the terms of the figure. */
  why: Text;
}

/** "Predict, then see": a question, its choices, and the one it accepts. */
export interface Question {
  /**
   * Ends with a question mark. Quotes a setting only from the figure's live values (a slider moved
   * after the answer must not leave it saying the old one), or as the question's own fixed case.
   */
  prompt: Text;
  choices: readonly Choice[];
  /** The label of the accepted choice (a fixed label, equal to exactly one choice's). */
  answer: string;
}

/**
 * One chapter of the lesson, as app/lesson/chapters/table.ts joins it: its words (title, body, the
 * words after the answer and after the question, from `<slug>/words.md`, see ../words/parse.ts),
 * and what `<slug>/chapter.ts` says of it.
 */
export interface ChapterRow extends ChapterWords {
  /** Its folder's name, how tests and links name it (app/lesson/chapters/order.ts). */
  slug: ChapterSlug;
  /** Its place, from 1: `#lesson=N`, from its slug's place in the list. */
  number: number;
  /** What the notes window shows beside its slide (`<slug>/notes.md`). */
  notes: SpeakerNotes;
  question?: Question;
  /**
   * How presentation mode shares the stage's width: 'figure' gives the figure at least 60 % (the
   * words are short), 'graph' gives it the 1,030 px an eight-node expression graph needs at 24 px
   * (the words take 680 px), 'words' gives the words the larger part (the figure is compact); by
   * default the words take 780 of 1920 px.
   */
  wide?: 'figure' | 'graph' | 'words';
  /**
   * The part of the lab that shows the same idea: "Open this in the lab" lands there (`go=`, see
   * app/shell/go/goHashPart.ts), with the figure's settings (and its expression, for the playground).
   */
  labSection: GoTarget;
  /**
   * The live figure with its state: a component, loaded when the chapter is first opened, that
   * draws the chapter through ChapterFrame (which places this row's words beside it). The chain chapter
   * comes with the lesson's own code; the others are fetched when opened (retryable).
   */
  figure: ComponentType | Retryable;
}

/** What `<slug>/chapter.ts` says of its chapter: its row without the words and notes (`<slug>/words.md`, `notes.md`) and the slug and number the list gives it. */
export type ChapterContent = Omit<ChapterRow, 'slug' | 'number' | 'notes' | keyof ChapterWords>;

/** The figure's component for a load attempt (0 first, one more after each Retry). */
export function figureAt(row: ChapterRow, attempt: number): ComponentType {
  const { figure } = row;
  return 'at' in figure ? figure.at(attempt) : figure;
}

/** A text as it reads now. */
export const say = (text: Text, live: Live): string => (typeof text === 'string' ? text : text(live));
