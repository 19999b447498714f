import type { PlaygroundResult } from '../../../engine/expr/playground.ts';

/**
 * "Practice on this": the expression or program on screen as a graded adjoints problem, at the
 * practice page's link (`#practice=adjoints&program=…`, the same as `tape-lab practice --program`),
 * or one sentence why it cannot be posed.
 */
export function PracticeOnThis({ result }: { result: PlaygroundResult }) {
  const p = result.practice;
  return (
    <p className="pg-practice">
      {p.program !== null ? (
        <>
          <a href={`#practice=adjoints&program=${encodeURIComponent(p.program)}`}>Practice on this</a>: type every node’s adjoint and have
          it checked.
        </>
      ) : (
        <>Practice on this is not offered here: {p.reason}.</>
      )}
    </p>
  );
}
