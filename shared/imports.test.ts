// No module of shared/ imports itself back through others, type-only imports included (the lint's import-x/no-cycle
// leaves those out, since they are erased): the contract's building blocks stay a leaf, the resource files build on
// them, and the rules beside the contract (paths, checks, people…) never import a file that imports them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SHARED = __dirname;

/** Every module of shared/ (tests aside), by its path from shared/ without extension. */
function sharedModules(dir = SHARED): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sharedModules(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path.relative(SHARED, full).slice(0, -'.ts'.length)] : [];
  });
}

/** The modules of shared/ that a source imports or re-exports from, by relative path or `@shared/` alias. */
export function sharedImportsOf(module: string, source: string, known: ReadonlySet<string>): string[] {
  const file = ts.createSourceFile(`${module}.ts`, source, ts.ScriptTarget.Latest);
  const targets: string[] = [];
  for (const statement of file.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier) continue;
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    let target: string | undefined;
    if (specifier.startsWith('@shared/')) target = specifier.slice('@shared/'.length);
    else if (specifier.startsWith('.')) target = path.relative(SHARED, path.resolve(SHARED, path.dirname(module), specifier));
    if (target === undefined) continue;
    const resolved = [target, `${target}/index`].find((candidate) => known.has(candidate));
    if (resolved) targets.push(resolved);
  }
  return targets;
}

/** The first loop found in an import graph, as the modules along it (the first repeated at the end), or undefined. */
export function findLoop(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const done = new Set<string>();
  const visit = (module: string, trail: string[]): string[] | undefined => {
    const at = trail.indexOf(module);
    if (at >= 0) return [...trail.slice(at), module];
    if (done.has(module)) return undefined;
    for (const next of graph.get(module) ?? []) {
      const loop = visit(next, [...trail, module]);
      if (loop) return loop;
    }
    done.add(module);
    return undefined;
  };
  for (const module of graph.keys()) {
    const loop = visit(module, []);
    if (loop) return loop;
  }
  return undefined;
}

describe('imports within shared/', () => {
  const modules = sharedModules();
  const known = new Set(modules);
  const graph = new Map(modules.map((module) => [module, sharedImportsOf(module, readFileSync(path.join(SHARED, `${module}.ts`), 'utf8'), known)]));

  it('reads the imports of the contract, type-only ones included', () => {
    expect(graph.get('contract/modules')).toEqual(expect.arrayContaining(['contract/blocks', 'contract/checks', 'paths']));
    expect(graph.get('score-totals')).toEqual(['contract/reports']);
  });

  it('hold no loop', () => {
    expect(findLoop(graph)).toBeUndefined();
  });

  it('finds a loop made only of type imports', () => {
    const sources = { a: "import type { B } from './b';", b: "import { c } from './c';", c: "export type { A } from './a';" };
    const toy = new Map(Object.entries(sources).map(([module, source]) => [module, sharedImportsOf(module, source, new Set(Object.keys(sources)))]));
    expect(findLoop(toy)).toEqual(['a', 'b', 'c', 'a']);
  });
});
