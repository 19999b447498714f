import { useState } from 'react';
import type { PracticeLevel } from '../../engine/practice/types.ts';
import { PRACTICE_KIND_NAMES } from './hashPart.ts';
import { PROGRAM_PROGRESS_KEY, progressKey, type Progress } from './progress.ts';
import { practiceHash } from './wire.ts';

const LEVELS: readonly PracticeLevel[] = [1, 2, 3, 4];
export const KIND_TITLES = { adjoints: 'Adjoints', rule: 'Rules', bug: 'Find the bug' } as const;
export const LEVEL_TITLES = ['a chain', 'a value read twice', 'a shared subexpression', 'a neuron and its loss'] as const;

/** Solved problems per kind and level and of the learner's own programs, the streak, and Reset. All of it stays in this browser. */
export function Overview({ progress, onReset }: { progress: Progress; onReset: () => void }) {
  const [said, setSaid] = useState('');
  return (
    <section className="practice-overview" aria-labelledby="practice-overview-title">
      <h2 id="practice-overview-title">Your progress</h2>
      <p>
        Streak: <strong>{progress.streak}</strong> solved in a row (best {progress.best}). Kept in this browser only.
      </p>
      <table className="lesson-table">
        <caption className="sr-only">Problems solved, by kind and level</caption>
        <thead>
          <tr>
            <th scope="col">kind</th>
            {LEVELS.map((l) => (
              <th scope="col" key={l}>
                level {l}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PRACTICE_KIND_NAMES.map((kind) => (
            <tr key={kind}>
              <th scope="row">{KIND_TITLES[kind]}</th>
              {LEVELS.map((level) => {
                const n = progress.solved[progressKey({ kind, level })]?.length ?? 0;
                return (
                  <td key={level}>
                    <a href={practiceHash({ kind, level, seed: (progress.solved[progressKey({ kind, level })]?.at(-1) ?? 0) + 1 })}>{n} solved</a>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="practice-programs">
        Your own programs (“Practice on this” in the playground): <strong>{progress.solved[PROGRAM_PROGRESS_KEY]?.length ?? 0}</strong> solved.
      </p>
      <p>
        <button
          type="button"
          onClick={() => {
            onReset();
            setSaid('Progress reset.');
          }}
        >
          Reset progress
        </button>{' '}
        <span role="status">{said}</span>
      </p>
    </section>
  );
}
