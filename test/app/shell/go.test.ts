import { beforeEach, describe, expect, it } from 'vitest';
import { goTargets } from '../../../app/shell/go/goHashPart.ts';
import { followGo } from '../../../app/shell/go/goSlice.ts';
import { useLab } from '../../../app/state/store/index.ts';
import type { GoTarget, LabState } from '../../../app/state/store/types.ts';
import { readHash } from '../../../app/state/url/hash.ts';

/**
 * Every target, as the type knows them (the features' rows' `go`): a target missing here, or one
 * no feature declares, does not compile. In the page's order, top to bottom.
 */
const ALL: Record<GoTarget, true> = {
  reverse: true,
  forward: true,
  fd: true,
  checkpoint: true,
  work: true,
  tape: true,
  pitfall: true,
  playground: true,
  tensor: true,
  tradeoffs: true,
  bugs: true,
  hvp: true,
};

/** What a link asked of the store: the fields `go=` may change, read after following it. */
function followed(target: GoTarget): Partial<LabState> {
  useLab.setState(useLab.getInitialState(), true);
  followGo(target, useLab.getState());
  const s = useLab.getState();
  const before = useLab.getInitialState();
  const fields = ['sectionLinked', 'tapeWanted', 'overwrite', 'tradeoffsWanted', 'tensorWanted', 'bugsWanted', 'exprLinked', 'exprWanted'] as const;
  return Object.fromEntries(fields.filter((key) => s[key] !== before[key]).map((key) => [key, s[key]]));
}

describe('go= links into the lab', () => {
  beforeEach(() => useLab.setState(useLab.getInitialState(), true));

  it('each feature declares its own targets; the registry lists them all, in the order of the page', () => {
    expect(goTargets()).toEqual(Object.keys(ALL));
  });

  it('reads each section by name, with no notice', () => {
    for (const target of goTargets()) {
      const { values, notices } = readHash(`#steps=12&go=${target}`);
      expect(values.go).toBe(target);
      expect(notices).toEqual([]);
      expect(values.settings.steps).toBe(12);
    }
  });

  it('reads junk as no section, with one notice naming the key and every target', () => {
    const { values, notices } = readHash('#go=%3Cscript%3E');
    expect(values.go).toBeNull();
    expect(notices).toEqual([
      'Go: “<script>” is not a section (reverse, forward, fd, checkpoint, work, tape, pitfall, playground, tensor, tradeoffs, bugs, hvp), so the page stays at the top.',
    ]);
  });

  it('the pitfall link turns the overwriting sweep on, wants the tape and brings it into view', () => {
    expect(followed('pitfall')).toEqual({ overwrite: true, tapeWanted: true, sectionLinked: { tape: 1 } });
    expect(followed('tape')).toEqual({ tapeWanted: true, sectionLinked: { tape: 1 } });
  });

  it('the playground link uses the playground’s own scroll', () => {
    expect(followed('playground')).toEqual({ exprLinked: 1, exprWanted: true });
  });

  it('tradeoffs and tensor links want their section and bring it into view', () => {
    expect(followed('tradeoffs')).toEqual({ tradeoffsWanted: true, sectionLinked: { tradeoffs: 1 } });
    expect(followed('tensor')).toEqual({ tensorWanted: true, sectionLinked: { tensor: 1 } });
  });

  it('a panel link only brings the panel into view: the panels are always on the page', () => {
    for (const panel of ['reverse', 'forward', 'fd', 'checkpoint', 'work'] as const) {
      expect(followed(panel)).toEqual({ sectionLinked: { [panel]: 1 } });
    }
  });

  it('bugs and hvp links want the bugs section and bring it (or its Second derivatives part) into view', () => {
    expect(followed('bugs')).toEqual({ bugsWanted: true, sectionLinked: { bugs: 1 } });
    expect(followed('hvp')).toEqual({ bugsWanted: true, sectionLinked: { hvp: 1 } });
  });

  it('a second link to the same target brings it into view again', () => {
    followGo('tensor', useLab.getState());
    followGo('tensor', useLab.getState());
    expect(useLab.getState().sectionLinked.tensor).toBe(2);
  });
});
