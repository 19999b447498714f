/** File names for downloads: `tape-lab-T40-sweep.csv`, `tape-lab-T40-error-against-epsilon.svg`. */
export function fileName(steps: number | null, what: string, extension: string): string {
  const slug = what
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 48)
    .replace(/-+$/, '');
  const parts = ['tape-lab', steps === null ? null : `T${steps}`, slug || 'chart'].filter(Boolean);
  return `${parts.join('-')}.${extension}`;
}
