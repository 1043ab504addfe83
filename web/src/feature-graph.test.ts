// The web features depend on each other one way only: the graph of which feature imports which (any import of
// production code, stylesheets and lazy `import()` included) has no loop. A loop means no feature of it can change
// or load alone; what two features both need belongs in web/src/components/, web/src/lib/ or web/src/api/. The lint
// (import-x/no-cycle) sees loops between files only; this sees them between folders.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = __dirname;
const FEATURES = path.join(SRC, 'features');

type Graph = Map<string, Map<string, string>>;

/** Every import specifier of a module: static, re-exports, side-effect imports and `import()`. */
const specifiersOf = (source: string) => [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1]);

const featureOf = (file: string) => {
  const relative = path.relative(FEATURES, file);
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
};

/** Feature → the features it imports, each with one file that does (to name in a failure). */
function featureGraph(): Graph {
  const graph: Graph = new Map();
  const files = readdirSync(FEATURES, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(FEATURES, file));
  for (const file of files) {
    const from = featureOf(file)!;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      const target = specifier.startsWith('.')
        ? path.resolve(path.dirname(file), specifier)
        : specifier.startsWith('@web/')
          ? path.join(SRC, specifier.slice('@web/'.length))
          : undefined;
      const to = target && featureOf(target);
      if (to && to !== from && !edges.has(to)) edges.set(to, path.relative(SRC, file));
    }
  }
  return graph;
}

/** One loop of the graph as its features in order (the first repeated at the end), or undefined when it has none. */
function findLoop(graph: Graph): string[] | undefined {
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (node: string): string[] | undefined => {
    const at = onPath.indexOf(node);
    if (at >= 0) return [...onPath.slice(at), node];
    if (done.has(node)) return undefined;
    onPath.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      const loop = visit(next);
      if (loop) return loop;
    }
    onPath.pop();
    done.add(node);
    return undefined;
  };
  for (const node of [...graph.keys()].sort()) {
    const loop = visit(node);
    if (loop) return loop;
  }
  return undefined;
}

const describeLoop = (graph: Graph, loop: string[]) =>
  loop
    .slice(0, -1)
    .map((feature, index) => `${feature} → ${loop[index + 1]} (${graph.get(feature)!.get(loop[index + 1])})`)
    .join('\n');

it('finds a loop between features and names it, and none in a graph that goes one way', () => {
  const edges = (...pairs: [string, string][]): Graph => {
    const graph: Graph = new Map();
    for (const [from, to] of pairs) {
      graph.set(from, (graph.get(from) ?? new Map<string, string>()).set(to, `features/${from}/page.tsx`));
      if (!graph.has(to)) graph.set(to, new Map());
    }
    return graph;
  };
  const looped = edges(['modules', 'checks'], ['checks', 'progress'], ['progress', 'modules'], ['reader', 'checks']);
  expect(findLoop(looped)).toEqual(['checks', 'progress', 'modules', 'checks']);
  expect(describeLoop(looped, findLoop(looped)!)).toBe(
    'checks → progress (features/checks/page.tsx)\nprogress → modules (features/progress/page.tsx)\nmodules → checks (features/modules/page.tsx)',
  );
  expect(findLoop(edges(['modules', 'checks'], ['progress', 'checks'], ['reader', 'progress'], ['reader', 'modules']))).toBeUndefined();
});

it('sees the features import each other', () => {
  // A graph read wrongly (no edges at all) would pass the test below for nothing.
  expect(featureGraph().get('reader')?.has('checks')).toBe(true);
});

it('has no loop between the web features', () => {
  const graph = featureGraph();
  const loop = findLoop(graph);
  expect(loop && `The features import each other in a loop:\n${describeLoop(graph, loop)}`).toBeUndefined();
});
