import { describe, expect, it } from 'vitest';
import { GRADIENT_COLUMNS, SWEEP_COLUMNS, csvNumber, gradientsCsv, sweepCsv, toCsv } from '../../app/lab/export/csv.ts';
import { jsonData, reportJson } from '../../app/lab/export/reportJson.ts';
import { fileName } from '../../app/lab/export/names.ts';
import { styleText } from '../../app/lab/export/svg.ts';
import { DEFAULTS } from '../../app/state/settings/schema.ts';
import { labReport } from './fixture.ts';

const lines = (csv: string) => csv.trimEnd().split('\r\n');

describe('CSV writers', () => {
  it('write every double so it reads back exactly, and non-finite values as empty cells', () => {
    for (const x of [0, -0.5, 1e-300, 0.1 + 0.2, 123456789.123, -2.5e-17]) expect(Number(csvNumber(x))).toBe(x);
    expect([NaN, Infinity, -Infinity].map(csvNumber)).toEqual(['', '', '']);
  });

  it('quote cells that hold a comma, a quote or a line break (RFC 4180)', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"'], ['1\n2', 'plain']])).toBe('a,b\r\n"x,y","say ""hi"""\r\n"1\n2",plain\r\n');
  });

  it('the sweep: one row per h with the five columns, equal to the report', () => {
    const report = labReport();
    const [header, ...rows] = lines(sweepCsv(report));
    expect(header).toBe(SWEEP_COLUMNS.join(','));
    expect(header).toBe('eps,rms,maxRelative,truncation,rounding');
    expect(rows).toHaveLength(report.sweep.length);
    rows.forEach((row, i) => {
      const p = report.sweep[i];
      expect(row.split(',').map(Number)).toEqual([p.eps, p.rms, p.maxRelative, p.truncation, p.rounding]);
    });
  });

  it('the gradients: t and a, b for reverse, forward, central differences and checkpointed', () => {
    const report = labReport({ steps: 12 });
    const [header, ...rows] = lines(gradientsCsv(report));
    expect(header.split(',')).toEqual([...GRADIENT_COLUMNS]);
    expect(rows).toHaveLength(12);
    const g = report.gradient;
    rows.forEach((row, t) => {
      expect(row.split(',').map(Number)).toEqual([
        t,
        g.reverse.a[t],
        g.reverse.b[t],
        g.forward.a[t],
        g.forward.b[t],
        g.finiteDifference.a[t],
        g.finiteDifference.b[t],
        g.checkpointed.a[t],
        g.checkpointed.b[t],
      ]);
    });
  });

  it('a gradient that overflowed becomes an empty cell, not "NaN"', () => {
    const report = labReport({ steps: 3, stride: 3, snapshots: 3 });
    report.gradient.finiteDifference.a[1] = NaN;
    report.gradient.forward.b[2] = -Infinity;
    const rows = lines(gradientsCsv(report)).slice(1).map((r) => r.split(','));
    expect(rows[1][5]).toBe('');
    expect(rows[2][4]).toBe('');
    expect(rows.flat()).not.toContain('NaN');
  });
});

describe('report JSON (the command line’s rules)', () => {
  it('typed arrays become arrays, non-finite numbers null with a warning naming each', () => {
    const warnings: string[] = [];
    const data = jsonData({ a: new Float64Array([1, NaN, 3]), b: { c: Infinity }, d: [1, -Infinity], e: undefined }, warnings);
    expect(data).toEqual({ a: [1, null, 3], b: { c: null }, d: [1, null] });
    expect(warnings).toEqual([
      'a: 1 non-finite entries (at 1) written as null',
      'b.c is Infinity; written as null',
      'd: 1 non-finite entries (at 1) written as null',
    ]);
  });

  it('the whole report: settings first, every field, warnings last, and it parses back', () => {
    const report = labReport({ steps: 8 });
    report.adjoint[0] = NaN;
    const text = reportJson(report, { ...DEFAULTS, steps: 8 });
    const data = JSON.parse(text);
    const keys = Object.keys(data);
    expect(keys[0]).toBe('settings');
    expect(keys.at(-1)).toBe('warnings');
    expect(data.settings.steps).toBe(8);
    expect(data.gradient.reverse.a).toEqual(Array.from(report.gradient.reverse.a));
    expect(data.adjoint[0]).toBeNull();
    expect(data.warnings).toContain('adjoint: 1 non-finite entries (at 0) written as null');
    expect(data.checkpoint.actions.length).toBe(report.checkpoint.actions.length);
    expect(text).not.toMatch(/NaN|Infinity/);
  });
});

describe('file names and SVG styles', () => {
  it('names files by the steps and a slug of what they hold', () => {
    expect(fileName(40, 'Error against h', 'svg')).toBe('tape-lab-T40-error-against-h.svg');
    expect(fileName(null, 'Report', 'json')).toBe('tape-lab-report.json');
    expect(fileName(7, '<script>"x"</script>', 'csv')).toBe('tape-lab-T7-scriptxscript.csv');
    expect(fileName(7, '   ', 'png')).toBe('tape-lab-T7-chart.png');
  });

  it('inline styles keep what the CSS set and drop SVG defaults; hidden elements stay hidden', () => {
    const computed = (values: Record<string, string>) => ({ getPropertyValue: (p: string) => values[p] ?? '' });
    expect(
      styleText(computed({ fill: 'rgb(31, 98, 208)', stroke: 'none', opacity: '1', 'stroke-width': '1.5px', display: 'inline', 'font-size': '11px' })),
    ).toBe('fill: rgb(31, 98, 208); stroke: none; stroke-width: 1.5px; font-size: 11px;');
    expect(styleText(computed({ display: 'none', fill: 'red' }))).toBe('display: none;');
    expect(styleText(computed({}))).toBe('');
  });
});
