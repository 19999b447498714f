/**
 * An n×n RGBA image as a PNG data URL for an SVG <image> (one pixel per grid cell, scaled by the
 * browser). A data URL is not a network request: the page still never leaves its origin.
 */
export function gridDataUrl(pixels: Uint8ClampedArray, n: number): string {
  if (typeof document === 'undefined' || n <= 0) return '';
  const canvas = document.createElement('canvas');
  canvas.width = n;
  canvas.height = n;
  const context = canvas.getContext('2d');
  if (!context) return '';
  const image = context.createImageData(n, n);
  image.data.set(pixels);
  context.putImageData(image, 0, 0);
  return canvas.toDataURL('image/png');
}
