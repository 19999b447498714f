import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { evaluatePlayground } from '../../../../engine/expr/playground.ts';
import { SourceEcho } from '../../../../app/sections/playground/SourceEcho.tsx';
import { decodePlayground } from '../../../../app/sections/playground/hash.ts';

describe('the source echo under a parse error', () => {
  it('shows a U+202E and a NUL from #expr= as \\u{…}, as the message beside it does, with the caret under the escape', () => {
    // As a hand-made link brings them in: percent-encoded in the hash.
    const { source } = decodePlayground({ expr: 'x%2A%E2%80%AE2%2By%00' });
    expect(source).toBe('x*\u202e2+y\u0000');
    const outcome = evaluatePlayground({ source, at: {} });
    if (outcome.ok) throw new Error('expected a parse error');
    const { problem } = outcome;
    expect(problem.message).toContain("'\\u{202e}'");
    const html = renderToStaticMarkup(<SourceEcho source={source} spans={[problem.span!]} caret label={`column ${problem.column}`} />);
    expect(html).not.toMatch(/[\u202e\u0000]/);
    expect(html).toContain('x*<mark>\\u{202e}</mark>2+y\\u{0}');
    // The caret sits under the escape's first character: two characters in, after "x*".
    expect(html).toContain('<code class="caret">  ^ column 3</code>');
  });
});
