import { describe, expect, it } from 'vitest';
import { BUG_NAMES } from '../../../../engine/bugs/index.ts';
import { bugsHashPart, readBug } from '../../../../app/sections/bugs/hashPart.ts';
import { BUGS } from '../../../../app/sections/bugs/names.ts';
import { seriesLayout } from '../../../../app/ui/charts/seriesLayout.ts';
import { makeFrame } from '../../../../app/ui/charts/frame.ts';
import { readHash } from '../../../../app/state/url/hash.ts';

describe('the bugs section', () => {
  it("lists the engine's bugs, in the engine's order", () => {
    expect(BUGS.map((b) => b.name)).toEqual([...BUG_NAMES]);
  });

  it('bug=NAME round-trips through the hash; an unknown name switches none on, with one notice', () => {
    for (const name of BUG_NAMES) expect(readHash(`#${bugsHashPart.write(name)}`).values.bugs).toBe(name);
    expect(bugsHashPart.write(null)).toBe('');
    const bad = readBug('segfault');
    expect(bad.value).toBeNull();
    expect(bad.notices).toHaveLength(1);
    expect(readHash('#bug=nope').notices.some((n) => n.includes('nope'))).toBe(true);
  });

  it('seriesLayout places points on shared axes and leaves out what a log axis cannot show', () => {
    const frame = makeFrame(300, 200, { top: 0, right: 0, bottom: 0, left: 0 });
    const layout = seriesLayout(
      [
        { y: [1, 10, 100], className: 'a', mark: 'both' },
        { y: [0, 10, Number.NaN], className: 'b', mark: 'dots' },
      ],
      frame,
      { yLog: true },
    );
    expect(layout.series[0].dots.map((d) => d.x)).toEqual([0, 150, 300]);
    // y from 1 to 100 over 200 px on a log axis: 10 sits halfway.
    expect(layout.series[0].dots.map((d) => d.y)).toEqual([200, 100, 0]);
    expect(layout.series[1].dots).toEqual([{ x: 150, y: 100 }]);
    expect(layout.series[1].path).toBe('');
    expect(layout.yTicks.map((t) => t.value)).toEqual([1, 10, 100]);
  });
});
