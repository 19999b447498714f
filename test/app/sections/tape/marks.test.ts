import { describe, expect, it } from 'vitest';
import { chainLayout } from '../../../../app/sections/tape/chainLayout.ts';
import { blockMark, currentEdges, edgeClass, nodeMark, type MarkContext } from '../../../../app/sections/tape/marks.ts';
import { tapeFrame, tapeStatics } from '../../../../app/ui/tape/model.ts';
import { defaultParams } from '../../../../engine/chain.ts';
import { chainTapeView } from '../../../../engine/tape-view.ts';

const view = chainTapeView(defaultParams(40));
const statics = tapeStatics(view);
const layout = chainLayout(view)!;
const at = (position: number, overwrite = false, selected = -1): MarkContext => ({
  statics,
  layout,
  tf: tapeFrame(statics, position, overwrite),
  overwrite,
  selected,
  hovered: -1,
});
const classes = (m: MarkContext, i: number) => nodeMark(m, i).className.split(' ').filter(Boolean);

describe('the graph\'s marks', () => {
  it('while recording: nodes not yet recorded are ghosts, the new one is in play with its partials on its edges', () => {
    const m = at(6);
    expect(classes(m, 5)).toContain('current');
    expect(classes(m, 6)).toContain('future');
    expect(nodeMark(m, 6).value).toBe('');
    expect(nodeMark(m, 5).value).toBe('0.512');
    expect(nodeMark(m, 5).adjoint).toBe('');
    expect(currentEdges(m).map((e) => e.label)).toEqual(['∂ 1', '∂ 1']);
  });

  it('in the sweep: the node passing its adjoint back, the parent receiving it, the edge lit with the contribution', () => {
    const k = 9;
    const m = at(statics.tl.seed + k + 1);
    const node = view.sweep.node[k];
    const parent = view.sweep.parent[k];
    expect(classes(m, node)).toContain('current');
    expect(classes(m, parent)).toContain('target');
    const edges = currentEdges(m);
    expect(edges).toHaveLength(1);
    expect(layout.edges[edges[0].index].tapeEdges).toContain(m.tf.edge);
    expect(edgeClass(m, edges[0].index)).toContain('swept');
    expect(nodeMark(m, parent).adjoint).toMatch(/^v̄ /);
  });

  it('a fan-out node shows contributions received out of times read', () => {
    const x1 = view.stateNode[1];
    expect(nodeMark(at(statics.tl.seed), x1).badge).toBe('0/4');
    expect(nodeMark(at(statics.tl.end), x1).badge).toBe('4/4');
    expect(nodeMark(at(statics.tl.end), view.stateNode[1] - 1).badge).toBe('');
  });

  it('with the pitfall on, marks the fan-out nodes where the overwriting sweep goes wrong', () => {
    const m = at(statics.tl.end, true);
    for (const i of view.divergesAt) expect(classes(m, i)).toEqual(expect.arrayContaining(['diverges', 'wrong']));
    expect(classes(at(statics.tl.end, false), view.divergesAt[0])).not.toContain('diverges');
  });

  it('a collapsed step is lit while a node inside it is in play', () => {
    const long = chainTapeView(defaultParams(80));
    const s = tapeStatics(long);
    const l = chainLayout(long)!;
    const k = 5;
    const m: MarkContext = { statics: s, layout: l, tf: tapeFrame(s, s.tl.seed + k + 1, false), overwrite: false, selected: -1, hovered: -1 };
    const block = l.blockIndex[long.sweep.node[k]];
    expect(blockMark(m, block).className).toContain('current');
    expect(blockMark(m, block).outTag).toBe('x₈₀');
  });
});
