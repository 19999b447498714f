import { selectSettings, useLab } from '../store/index.ts';
import { gradientsCsv, sweepCsv } from './csv.ts';
import { download } from './download.ts';
import { reportJson } from './reportJson.ts';
import { fileName } from './names.ts';
import { standaloneSvg, svgToPng } from './svg.ts';

/** One entry of a panel's Export menu: what it offers, and how, given the panel's section. */
export interface ExportItem {
  label: string;
  run: (section: HTMLElement) => void | Promise<void>;
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

function needReport() {
  const state = useLab.getState();
  if (!state.report) throw new Error('no report yet');
  return { report: state.report, settings: selectSettings(state) };
}

/** The LabReport on screen as JSON (typed arrays as arrays, non-finite as null). */
export const reportItem: ExportItem = {
  label: 'Report (JSON)',
  run: () => {
    const { report, settings } = needReport();
    download(reportJson(report, settings), fileName(report.steps, 'report', 'json'), 'application/json');
  },
};

/** The sweep over epsilon as CSV. */
export const sweepItem: ExportItem = {
  label: 'Sweep over epsilon (CSV)',
  run: () => {
    const { report } = needReport();
    if (report.sweep.length === 0) throw new Error('the sweep was not computed for these settings');
    download(sweepCsv(report), fileName(report.steps, 'sweep', 'csv'), 'text/csv');
  },
};

/** The four methods' gradients as CSV. */
export const gradientsItem: ExportItem = {
  label: 'Gradients, every method (CSV)',
  run: () => {
    const { report } = needReport();
    download(gradientsCsv(report), fileName(report.steps, 'gradients', 'csv'), 'text/csv');
  },
};
