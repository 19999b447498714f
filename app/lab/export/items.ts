import { useLab } from '../../state/store/index.ts';
import { awaitCurrentReport, currentReport } from './currentReport.ts';
import { gradientsCsv, sweepCsv } from './csv.ts';
import { download } from './download.ts';
import { reportJson } from './reportJson.ts';
import { fileName } from './names.ts';
import { standaloneSvg, svgToPng } from './svg.ts';

/** One entry of a panel's Export menu: what it offers, and how, given the panel's section. */
export interface ExportItem {
  label: string;
  run: (section: HTMLElement) => void | Promise<void>;
  /** True for the data exports, which wait for the report of the current settings. */
  waitsForReport?: boolean;
}

function steps(): number | null {
  return useLab.getState().report?.steps ?? null;
}

/** The `index`-th chart of a panel (in reading order), or an error saying it is not drawn yet. */
function chartIn(section: HTMLElement, index: number): SVGSVGElement {
  const svg = section.querySelectorAll<SVGSVGElement>('.chart-box svg.chart')[index];
  if (!svg) throw new Error('the chart is not drawn yet');
  return svg;
}

function standalone(section: HTMLElement, index: number) {
  const background = getComputedStyle(section).backgroundColor || '#ffffff';
  return standaloneSvg(chartIn(section, index), background);
}

/** "Error sweep (SVG)" and "Error sweep (PNG)" for the `index`-th chart of the panel. */
export function chartItems(what: string, index = 0): ExportItem[] {
  return [
    {
      label: `${what} (SVG)`,
      run: (section) => download(standalone(section, index).text, fileName(steps(), what, 'svg'), 'image/svg+xml'),
    },
    {
      label: `${what} (PNG, 2×)`,
      run: async (section) => {
        const { text, width, height } = standalone(section, index);
        download(await svgToPng(text, width, height, 2), fileName(steps(), what, 'png'), 'image/png');
      },
    },
  ];
}

/**
 * The report of the settings on screen, with those settings: never the new settings beside an
 * older sweep. While a part is being recomputed the export waits for it (the menu says so).
 */
const needReport = () => awaitCurrentReport(useLab);

/** The LabReport on screen as JSON (typed arrays as arrays, non-finite as null). */
export const reportItem: ExportItem = {
  label: 'Report (JSON)',
  waitsForReport: true,
  run: async () => {
    const { report, settings } = await needReport();
    download(reportJson(report, settings), fileName(report.steps, 'report', 'json'), 'application/json');
  },
};

/** The sweep over h as CSV. */
export const sweepItem: ExportItem = {
  label: 'Sweep over h (CSV)',
  waitsForReport: true,
  run: async () => {
    const { report } = await needReport();
    if (report.sweep.length === 0) throw new Error('the sweep was not computed for these settings');
    download(sweepCsv(report), fileName(report.steps, 'sweep', 'csv'), 'text/csv');
  },
};

/** The four methods' gradients as CSV. */
export const gradientsItem: ExportItem = {
  label: 'Gradients, every method (CSV)',
  waitsForReport: true,
  run: async () => {
    const { report } = await needReport();
    download(gradientsCsv(report), fileName(report.steps, 'gradients', 'csv'), 'text/csv');
  },
};

/** What the menu says while a data export waits for the report of the current settings. */
export const WAITING_FOR_REPORT = 'Waiting for the report of the current settings…';

/** Whether a data export would have to wait now. */
export const mustWait = (item: ExportItem) => item.waitsForReport === true && currentReport(useLab.getState()) === null;
