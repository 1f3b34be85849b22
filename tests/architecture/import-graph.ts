// The import graph of src/server, read the way /work/shared/tools/module-loops.mjs reads it: a regex
// over each non-test file's `import … from`, `export … from`, side-effect `import '…'` and `import('…')`
// (type-only imports and `typeof import('…')` included), relative and `@/` paths resolved to files.
// Packages are left out: only edges between files of src/server are kept.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Files of src/server (project paths, 'src/server/…') and, for each, the files it imports. */
export type ImportGraph = { files: string[]; imports: Map<string, Set<string>> };

const SOURCE = /\.(ts|tsx|mts)$/;
// Tests and their helpers may reach anything; they are not part of the shape of the server.
const NOT_PRODUCTION = /\.test\.|\.spec\.|test-support/;
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/** The specifiers a file's source imports from, in order. */
export function importSpecifiers(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]);
}

/** Every production source file under `dir` (absolute), depth first. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) && !NOT_PRODUCTION.test(name) ? [full] : [];
  });
}

/** The file (absolute) a relative or `@/` specifier names, or null for a package or a missing file. */
function resolveSpecifier(root: string, fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('.') && !specifier.startsWith('@/')) return null;
  const base = specifier.startsWith('@/')
    ? path.join(root, 'src', specifier.slice(2))
    : path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** The import graph of src/server in the checkout at `root` (absolute). */
export function readServerImportGraph(root: string): ImportGraph {
  const server = path.join(root, 'src/server');
  const project = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const absolute = sourceFiles(server);
  const imports = new Map<string, Set<string>>();
  for (const file of absolute) {
    const targets = new Set<string>();
    for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(root, file, specifier);
      if (target !== null && target.startsWith(server + path.sep)) targets.add(project(target));
    }
    imports.set(project(file), targets);
  }
  return { files: absolute.map(project), imports };
}

/** The module folder a project path belongs to ('posts' for src/server/modules/posts/…), or null. */
export function moduleOf(file: string): string | null {
  return /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/**
 * The loops of a directed graph: Tarjan's strongly connected components with more than one node,
 * plus any node that imports itself. Each loop lists its nodes sorted; loops come sorted by first node.
 */
export function findLoops<T>(nodes: Iterable<T>, next: (node: T) => Iterable<T>): T[][] {
  const order = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const loops: T[][] = [];

  function visit(node: T) {
    order.set(node, order.size);
    low.set(node, order.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const target of next(node)) {
      if (!order.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, order.get(target)!));
      }
    }
    if (low.get(node) !== order.get(node)) return;
    const component: T[] = [];
    let member: T;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || [...next(node)].includes(node)) loops.push(component.sort());
  }

  for (const node of nodes) if (!order.has(node)) visit(node);
  return loops.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

/** Each file import that crosses from one module folder to another: [from file, to file]. */
export function moduleCrossings(graph: ImportGraph): [string, string][] {
  return graph.files.flatMap((file) => {
    const from = moduleOf(file);
    if (from === null) return [];
    return [...(graph.imports.get(file) ?? [])]
      .filter((target) => moduleOf(target) !== null && moduleOf(target) !== from)
      .map((target): [string, string] => [file, target]);
  });
}

/** The modules each module imports, with the file imports that make each arrow. */
export function moduleArrows(graph: ImportGraph): Map<string, Map<string, string[]>> {
  const arrows = new Map<string, Map<string, string[]>>();
  for (const [fromFile, toFile] of moduleCrossings(graph)) {
    const from = moduleOf(fromFile)!;
    const to = moduleOf(toFile)!;
    if (!arrows.has(from)) arrows.set(from, new Map());
    const targets = arrows.get(from)!;
    targets.set(to, [...(targets.get(to) ?? []), `${fromFile} → ${toFile}`]);
  }
  return arrows;
}

/**
 * Every import that breaks the layer order, one line naming both files: a module importing one at or
 * above its layer, or a module folder (importing or imported) that `layers` does not list.
 */
export function layerViolations(graph: ImportGraph, layers: readonly string[]): string[] {
  const layerOf = (name: string) => layers.indexOf(name) + 1;
  const unlisted = [...new Set(graph.files.map(moduleOf))]
    .filter((name): name is string => name !== null && layerOf(name) === 0)
    .sort()
    .map((name) => `modules/${name} has no layer: add it to MODULE_LAYERS, above every module it imports`);
  const upward = moduleCrossings(graph).flatMap(([fromFile, toFile]) => {
    const from = moduleOf(fromFile)!;
    const to = moduleOf(toFile)!;
    const missing = [from, to].find((name) => layerOf(name) === 0);
    if (missing !== undefined) return [`${fromFile} → ${toFile}: modules/${missing} has no layer`];
    if (layerOf(to) < layerOf(from)) return [];
    return [
      `${fromFile} → ${toFile}: modules/${from} (layer ${layerOf(from)}) may not import modules/${to} (layer ${layerOf(to)})`,
    ];
  });
  return [...unlisted, ...upward];
}
