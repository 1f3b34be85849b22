// The server's import graph keeps the module layer order (issue 20; docs/architecture.md, decision 012):
// (a) the module folders form no loop, (b) no files of src/server import each other in a loop —
// type-only imports included, since a loop of types is still a loop a reader has to hold in their
// head — and (c) every module imports only modules below it in MODULE_LAYERS, the list the lint rule
// enforces import by import. The lint sees one file at a time; this test sees the whole graph, so a
// loop through files the lint allows one by one (a module's own files, composition files) shows here.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MODULE_LAYERS } from '../../eslint-rules/import-boundaries.mjs';
import {
  findLoops,
  importSpecifiers,
  layerViolations,
  moduleArrows,
  moduleOf,
  readServerImportGraph,
  type ImportGraph,
} from './import-graph';

const ROOT = path.resolve(__dirname, '../..');

/** A planted graph from 'from → to' lines. */
function plantedGraph(lines: string[]): ImportGraph {
  const imports = new Map<string, Set<string>>();
  for (const line of lines) {
    const [from, to] = line.split(' → ');
    if (!imports.has(from)) imports.set(from, new Set());
    if (!imports.has(to)) imports.set(to, new Set());
    imports.get(from)!.add(to);
  }
  return { files: [...imports.keys()], imports };
}

describe('findLoops (Tarjan)', () => {
  const next = (edges: Record<string, string[]>) => (node: string) => edges[node] ?? [];

  it('finds a planted loop and leaves the files around it out', () => {
    const edges = { a: ['b'], b: ['c'], c: ['a', 'd'], d: ['e'], e: [], x: ['a'] };
    expect(findLoops(Object.keys(edges), next(edges))).toEqual([['a', 'b', 'c']]);
  });

  it('finds two separate loops, and a file that imports itself', () => {
    const edges = { a: ['b'], b: ['a'], c: ['d'], d: ['c', 'e'], e: ['e'] };
    expect(findLoops(Object.keys(edges), next(edges))).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('finds none in a graph whose arrows all run one way', () => {
    const edges = { a: ['b', 'c'], b: ['c'], c: ['d'], d: [] };
    expect(findLoops(Object.keys(edges), next(edges))).toEqual([]);
  });
});

describe('importSpecifiers', () => {
  it('reads every way a file can import another, types included', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      'import {',
      '  c,',
      "} from '@/server/c';",
      "export { d } from './d';",
      "export type { E } from './e';",
      "export * from './f';",
      "import './g';",
      "const h = () => import('./h');",
      "type I = typeof import('./i');",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual([
      './a',
      '../b',
      '@/server/c',
      './d',
      './e',
      './f',
      './g',
      './h',
      './i',
    ]);
  });
});

describe('layerViolations', () => {
  const layers = ['users', 'posts', 'search'];

  it('names both files of an import up the layers, and a module with no layer', () => {
    const graph = plantedGraph([
      'src/server/modules/posts/posts.service.ts → src/server/modules/search/search.service.ts',
      'src/server/modules/badges/badges.service.ts → src/server/modules/users/users.service.ts',
    ]);
    expect(layerViolations(graph, layers)).toEqual([
      'modules/badges has no layer: add it to MODULE_LAYERS, above every module it imports',
      'src/server/modules/posts/posts.service.ts → src/server/modules/search/search.service.ts: modules/posts (layer 2) may not import modules/search (layer 3)',
      'src/server/modules/badges/badges.service.ts → src/server/modules/users/users.service.ts: modules/badges has no layer',
    ]);
  });

  it('passes imports down the layers, inside a module, and from outside the modules', () => {
    const graph = plantedGraph([
      'src/server/modules/search/search.service.ts → src/server/modules/posts/posts.service.ts',
      'src/server/modules/posts/posts.service.ts → src/server/modules/users/users.table.ts',
      'src/server/modules/posts/posts.service.ts → src/server/modules/posts/posts.repository.ts',
      'src/server/api/app.ts → src/server/modules/search/search.routes.ts',
      'src/server/modules/users/users.service.ts → src/server/lib/errors.ts',
    ]);
    expect(layerViolations(graph, layers)).toEqual([]);
  });
});

describe('the server import graph', () => {
  let graph: ImportGraph;

  beforeAll(() => {
    graph = readServerImportGraph(ROOT);
  });

  it('is read: the scan finds the server files, the modules and their imports', () => {
    expect(graph.files).toContain('src/server/api/app.ts');
    expect(new Set(graph.files.map(moduleOf)).size).toBeGreaterThan(5);
    expect(graph.imports.get('src/server/api/app.ts')?.size).toBeGreaterThan(5);
  });

  it('(a) has no loop between module folders', () => {
    const arrows = moduleArrows(graph);
    const loops = findLoops(arrows.keys(), (name) => arrows.get(name)?.keys() ?? []);
    // Each arrow inside a loop, with up to three of the file imports that make it.
    const report = loops.map((loop) =>
      [
        `loop of ${loop.length} modules: ${loop.join(', ')}`,
        ...loop.flatMap((from) =>
          loop
            .filter((to) => arrows.get(from)?.has(to))
            .map((to) => {
              const files = arrows.get(from)!.get(to)!;
              const more = files.length > 3 ? ` (+${files.length - 3} more)` : '';
              return `  modules/${from} → modules/${to}: ${files.slice(0, 3).join('; ')}${more}`;
            }),
        ),
      ].join('\n'),
    );
    expect(report).toEqual([]);
  });

  it('(b) has no files importing each other in a loop', () => {
    const loops = findLoops(graph.files, (file) => graph.imports.get(file) ?? []);
    expect(loops.map((loop) => `loop of ${loop.length} files: ${loop.join(', ')}`)).toEqual([]);
  });

  it('(c) has every module importing only modules below it in MODULE_LAYERS', () => {
    expect(layerViolations(graph, MODULE_LAYERS)).toEqual([]);
  });
});
