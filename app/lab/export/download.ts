/**
 * Hands a file to the browser's download: a blob: URL on a temporary link (no request leaves the
 * page). The URL is revoked once the browser has had time to start the download.
 */
export function download(data: Blob | string, name: string, type: string): void {
  const blob = typeof data === 'string' ? new Blob([data], { type }) : data;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
