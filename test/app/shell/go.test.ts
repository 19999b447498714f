import { describe, expect, it } from 'vitest';
import { followGo, type GoActions, type LinkedSection } from '../../../app/shell/go/goSlice.ts';
import { readHash } from '../../../app/state/url/hash.ts';

/** A stand-in store that writes down what a link asked of it. */
function recorder() {
  const calls: string[] = [];
  const actions: GoActions = {
    noteExprLinked: () => calls.push('expr linked'),
    noteSectionLinked: (section: LinkedSection) => calls.push(`${section} linked`),
    setTapeWanted: (w) => calls.push(`tape wanted ${w}`),
    setOverwrite: (o) => calls.push(`overwrite ${o}`),
    setTradeoffsWanted: (w) => calls.push(`tradeoffs wanted ${w}`),
    setTensorWanted: (w) => calls.push(`tensor wanted ${w}`),
    setBugsWanted: (w) => calls.push(`bugs wanted ${w}`),
  };
  return { calls, actions };
}

describe('go= links into the lab', () => {
  it('reads each section by name, with no notice', () => {
    for (const target of ['tape', 'pitfall', 'playground', 'tradeoffs', 'tensor', 'reverse', 'forward', 'fd', 'checkpoint', 'work', 'bugs', 'hvp'] as const) {
      const { values, notices } = readHash(`#steps=12&go=${target}`);
      expect(values.go).toBe(target);
      expect(notices).toEqual([]);
      expect(values.settings.steps).toBe(12);
    }
  });

  it('reads junk as no section, with one notice naming the key', () => {
    const { values, notices } = readHash('#go=%3Cscript%3E');
    expect(values.go).toBeNull();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^Go: /);
  });

  it('the pitfall link turns the overwriting sweep on and brings the tape into view', () => {
    const { calls, actions } = recorder();
    followGo('pitfall', actions);
    expect(calls).toEqual(['overwrite true', 'tape wanted true', 'tape linked']);
  });

  it('the playground link uses the playground’s own scroll', () => {
    const { calls, actions } = recorder();
    followGo('playground', actions);
    expect(calls).toEqual(['expr linked']);
  });

  it('tradeoffs and tensor links want their section and bring it into view', () => {
    const { calls, actions } = recorder();
    followGo('tradeoffs', actions);
    followGo('tensor', actions);
    expect(calls).toEqual(['tradeoffs wanted true', 'tradeoffs linked', 'tensor wanted true', 'tensor linked']);
  });

  it('a panel link only brings the panel into view: the panels are always on the page', () => {
    const { calls, actions } = recorder();
    for (const panel of ['reverse', 'forward', 'fd', 'checkpoint', 'work'] as const) followGo(panel, actions);
    expect(calls).toEqual(['reverse linked', 'forward linked', 'fd linked', 'checkpoint linked', 'work linked']);
  });

  it('bugs and hvp links want the bugs section and bring it (or its Second derivatives part) into view', () => {
    const { calls, actions } = recorder();
    followGo('bugs', actions);
    followGo('hvp', actions);
    expect(calls).toEqual(['bugs wanted true', 'bugs linked', 'bugs wanted true', 'hvp linked']);
  });
});
