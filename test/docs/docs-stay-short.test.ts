// The docs stay short and true: the architecture map has a word budget and names only paths that exist; each decision
// is a short record of its own, and the decisions index lists exactly the records there are.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const ARCHITECTURE = 'docs/architecture.md';
const DECISIONS = 'docs/decisions';
const INDEX = `${DECISIONS}/README.md`;
const MAP_WORDS = 3000;
const RECORD_WORDS = 300;

const read = (relative: string) => readFileSync(path.join(ROOT, relative), 'utf8');
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Every decision record, as its path from `docs/decisions/` (`<area>/<slug>.md`). */
function records(): string[] {
  return readdirSync(path.join(ROOT, DECISIONS))
    .filter((area) => statSync(path.join(ROOT, DECISIONS, area)).isDirectory())
    .flatMap((area) => readdirSync(path.join(ROOT, DECISIONS, area)).map((file) => `${area}/${file}`))
    .sort();
}

/** The records the index links to, as written in its links (`[title](<area>/<slug>.md)`). */
function indexed(index: string): string[] {
  return [...index.matchAll(/\]\(([^)\s]+\.md)\)/g)].map(([, target]) => target!).sort();
}

/**
 * The repository paths written in backticks: a token without spaces or placeholders whose first segment is a top-level
 * folder of the tree (`functions/src/classes/port.ts`, `web/`), or a file name at the root (`eslint.config.js`).
 */
function repositoryPaths(markdown: string): string[] {
  const topLevel = new Set(readdirSync(ROOT).filter((name) => !name.startsWith('.')));
  const tokens = [...markdown.matchAll(/`([^`\s]+)`/g)].map(([, token]) => token!);
  return tokens.filter((token) => {
    if (/[<>{}*…]/.test(token)) return false;
    const [first, ...rest] = token.split('/');
    if (rest.length > 0) return topLevel.has(first!) && statSync(path.join(ROOT, first!)).isDirectory();
    return /^[\w.-]+\.(?:ts|tsx|js|cjs|json|md)$/.test(token);
  });
}

test(`${ARCHITECTURE} is a map of at most ${MAP_WORDS} words`, () => {
  expect(wordCount(read(ARCHITECTURE))).toBeLessThanOrEqual(MAP_WORDS);
});

test(`every repository path in backticks in ${ARCHITECTURE} exists in the tree`, () => {
  const named = repositoryPaths(read(ARCHITECTURE));
  expect(named.length).toBeGreaterThan(0);
  expect(named.filter((relative) => !existsSync(path.join(ROOT, relative)))).toEqual([]);
});

test('the path check catches a path the tree does not have, and leaves placeholders and code alone', () => {
  const sample = '`functions/src/classes/port.ts`, `functions/src/classes/gone.ts`, `web/src/features/<name>/`, `apiHandler`, `a b`, `nowhere.ts`';
  expect(repositoryPaths(sample)).toEqual(['functions/src/classes/port.ts', 'functions/src/classes/gone.ts', 'nowhere.ts']);
});

test(`every decision record is at most ${RECORD_WORDS} words and opens with a one-line title`, () => {
  const all = records().filter((record) => record.endsWith('.md'));
  expect(all.length).toBeGreaterThan(0);
  const tooLong = all.filter((record) => wordCount(read(`${DECISIONS}/${record}`)) > RECORD_WORDS);
  const untitled = all.filter((record) => !/^# \S[^\n]*\n\n\S/.test(read(`${DECISIONS}/${record}`)));
  expect({ tooLong, untitled }).toEqual({ tooLong: [], untitled: [] });
});

test(`${INDEX} lists every record, and every record it lists exists`, () => {
  const inIndex = indexed(read(INDEX));
  const onDisk = records();
  expect(onDisk.filter((record) => !inIndex.includes(record))).toEqual([]);
  expect(inIndex.filter((record) => !onDisk.includes(record))).toEqual([]);
  expect(new Set(inIndex).size).toBe(inIndex.length);
});

/** Where the code and the docs point at the docs: source and docs files outside built or installed folders. */
function filesNamingDocs(folder = ROOT): string[] {
  return readdirSync(path.join(folder), { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'cdk.out', 'coverage'].includes(entry.name) || entry.name.startsWith('.') ? [] : filesNamingDocs(full);
    return /\.(?:ts|tsx|js|cjs|mjs|json|md)$|^\.gitattributes$/.test(entry.name) ? [full] : [];
  });
}

test('every docs/ file the code and the docs name exists (a moved record leaves no dangling pointer)', () => {
  const dangling = [path.join(ROOT, '.gitattributes'), ...filesNamingDocs()].flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w./-]+\.md\b/g)]
      .map(([named]) => named)
      .filter((named) => !existsSync(path.join(ROOT, named)))
      .map((named) => `${path.relative(ROOT, file)}: ${named}`),
  );
  expect(dangling).toEqual([]);
});

test('the index reader finds links and nothing else', () => {
  expect(indexed('- [A title](tests/a-title.md)\n- see [the map](../architecture.md) and `x.md`\n')).toEqual([
    '../architecture.md',
    'tests/a-title.md',
  ]);
});
