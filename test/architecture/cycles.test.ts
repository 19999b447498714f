import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['app', 'engine', 'workers', 'cli'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * Every module a file names: `import` and `import type`, `export … from`, side-effect imports and
 * dynamic `import()`, as TypeScript's own pre-processor reads them (strings in comments do not count).
 */
export function importsOf(text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map((f) => f.fileName);
}

/** The repository file a relative specifier names, or null for a package or an asset. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const bare = specifier.replace(/\?.*$/, '');
  const base = resolve(dirname(from), bare);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The import graph of the four source folders: file → files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const folder of FOLDERS) {
    for (const file of sources(join(ROOT, folder))) {
      const targets = importsOf(readFileSync(file, 'utf8'))
        .map((specifier) => resolveImport(file, specifier))
        .filter((target): target is string => target !== null);
      graph.set(file, [...new Set(targets)]);
    }
  }
  return graph;
}

/** Every strongly connected component of more than one file (or a file importing itself): files that import each other. */
export function tanglesOf(graph: Map<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative, then one concrete cycle per component by a search inside it.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  const strongConnect = (start: string) => {
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let node: string;
        do {
          node = stack.pop()!;
          onStack.delete(node);
          component.push(node);
        } while (node !== frame.node);
        const selfLoop = (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) strongConnect(node);
  return components;
}

/** One concrete cycle through each tangle. */
export function cyclesOf(graph: Map<string, readonly string[]>): string[][] {
  return tanglesOf(graph).map((component) => oneCycle(graph, new Set(component)));
}

/** A shortest path from the component's first file back to itself, through the component. */
function oneCycle(graph: Map<string, readonly string[]>, members: Set<string>): string[] {
  const start = [...members].sort()[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return [...path, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

describe('the import graph', () => {
  it('reads every kind of import: type-only, re-exports, side effects, dynamic', () => {
    const text = [
      "import type { A } from './a.ts';",
      "import { type B } from './b.ts';",
      "export { C } from './c.ts';",
      "export * from './d.ts';",
      "import './e.css';",
      "const F = lazy(() => import('./f.tsx'));",
      "// import { G } from './g.ts';",
    ].join('\n');
    expect(importsOf(text)).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts', './e.css', './f.tsx']);
  });

  it('finds a cycle, and only a cycle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(cyclesOf(graph)).toEqual(expect.arrayContaining([['a', 'b', 'c', 'a'], ['e', 'e']]));
    expect(cyclesOf(graph)).toHaveLength(2);
    expect(cyclesOf(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it(`has no cycle in ${FOLDERS.join('/, ')}/ (type imports included)`, () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    const name = (file: string) => relative(ROOT, file);
    const cycles = tanglesOf(graph).map((tangle) => {
      const cycle = oneCycle(graph, new Set(tangle)).map(name).join(' → ');
      return tangle.length > 2 ? `${cycle}\n  (one of ${tangle.length} files importing each other: ${tangle.map(name).sort().join(', ')})` : cycle;
    });
    expect(cycles, `import cycles:\n${cycles.join('\n')}`).toEqual([]);
  });
});
