/**
 * A chart's SVG as a file that stands alone: the page's CSS (classes, custom properties, the
 * theme) is resolved into inline styles, a background is painted, and the namespaces and the
 * size are written out, so the file looks the same in any viewer and any document.
 */

/** The presentation properties the charts set through CSS, copied onto every element. */
export const STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'paint-order',
  'visibility',
  'display',
  'image-rendering',
] as const;

/** Values that are every SVG element's default anyway, left out to keep the file small. */
const DEFAULTS: Partial<Record<(typeof STYLE_PROPERTIES)[number], string>> = {
  'fill-opacity': '1',
  'stroke-opacity': '1',
  opacity: '1',
  'stroke-dasharray': 'none',
  'stroke-linecap': 'butt',
  'stroke-linejoin': 'miter',
  'font-style': 'normal',
  'dominant-baseline': 'auto',
  'paint-order': 'normal',
  visibility: 'visible',
  'image-rendering': 'auto',
};

/** Reads one computed property (a CSSStyleDeclaration, or a stand-in in tests). */
export interface StyleSource {
  getPropertyValue(property: string): string;
}

/**
 * The inline style text for one element: every listed property whose computed value is not the
 * default, as `prop: value;` pairs. `display: none` elements keep only that, so they stay hidden.
 */
export function styleText(source: StyleSource): string {
  const display = source.getPropertyValue('display').trim();
  if (display === 'none') return 'display: none;';
  const parts: string[] = [];
  for (const property of STYLE_PROPERTIES) {
    if (property === 'display') continue;
    const value = source.getPropertyValue(property).trim();
    if (value === '' || DEFAULTS[property] === value) continue;
    parts.push(`${property}: ${value};`);
  }
  return parts.join(' ');
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Serializes a chart drawn on the page as a standalone SVG document, with a `background` rect
 * behind it and its accessible name as the file's <title>.
 */
export function standaloneSvg(svg: SVGSVGElement, background: string): { text: string; width: number; height: number } {
  const view = svg.ownerDocument.defaultView;
  if (!view) throw new Error('the chart is not in a window');
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [clone, ...clone.querySelectorAll('*')];
  originals.forEach((element, i) => {
    const copy = copies[i];
    copy.removeAttribute('class');
    const style = styleText(view.getComputedStyle(element));
    if (style) copy.setAttribute('style', style);
    else copy.removeAttribute('style');
  });
  const doc = svg.ownerDocument;
  originals.forEach((element, i) => {
    if (element instanceof view.HTMLCanvasElement) canvasAsImage(element, copies[i], doc);
  });
  const box = svg.getBoundingClientRect();
  const width = Math.round(Number(svg.getAttribute('width')) || box.width);
  const height = Math.round(Number(svg.getAttribute('height')) || box.height);
  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('viewBox', svg.getAttribute('viewBox') ?? `0 0 ${width} ${height}`);
  const rect = doc.createElementNS(SVG_NS, 'rect');
  rect.setAttribute('width', '100%');
  rect.setAttribute('height', '100%');
  rect.setAttribute('fill', background);
  clone.insertBefore(rect, clone.firstChild);
  const name = svg.getAttribute('aria-label');
  if (name) {
    const title = doc.createElementNS(SVG_NS, 'title');
    title.textContent = name;
    clone.insertBefore(title, clone.firstChild);
  }
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}\n`;
  return { text, width, height };
}

/**
 * A canvas drawn inside the chart (a heat strip, app/ui/charts/HeatImage.tsx) is HTML in a
 * <foreignObject>, which most SVG viewers do not draw: in the copy, the canvas's foreignObject
 * becomes an <image> of the canvas's pixels, at the same place and size, scaled without smoothing.
 */
function canvasAsImage(canvas: HTMLCanvasElement, copy: Element, doc: Document): void {
  const frame = copy.closest('foreignObject');
  if (!frame) return;
  const image = doc.createElementNS(SVG_NS, 'image');
  for (const name of ['x', 'y', 'width', 'height']) image.setAttribute(name, frame.getAttribute(name) ?? '0');
  image.setAttribute('href', canvas.toDataURL('image/png'));
  image.setAttribute('preserveAspectRatio', 'none');
  image.setAttribute('style', 'image-rendering: pixelated;');
  frame.replaceWith(image);
}

/** The chart's SVG drawn on a canvas at `scale`× its size, as a PNG. */
export async function svgToPng(svgText: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be encoded'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
