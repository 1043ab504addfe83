// The TypeScript samples in the docs are the code as it is. Each ```ts block names the file it is taken from
// (```ts functions/src/classes/handlers/assign-module.ts), and must appear in that file word for word (indentation
// aside): the file is type-checked and tested with the rest, so a sample cannot show code that does not compile or
// that the code has moved away from. Checking the text, not compiling a copy, keeps this test to milliseconds (a
// TypeScript program of what the sample imports took 6 s of CPU).
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const DOCUMENTS = ['docs/architecture.md', 'README.md'];

interface Sample {
  where: string;
  file: string;
  text: string;
}

/** Every ```ts block (also inside a list item, indented), with the file its info string names. */
function samplesOf(document: string): Sample[] {
  const markdown = readFileSync(path.join(ROOT, document), 'utf8');
  const blocks = [...markdown.matchAll(/^( *)```ts([^\n]*)\n([\s\S]*?)^\1```$/gm)];
  return blocks.map(([whole, indent, info, body]) => {
    const line = markdown.slice(0, markdown.indexOf(whole!)).split('\n').length;
    const text = body!.split('\n').map((each) => each.slice(indent!.length)).join('\n');
    return { where: `${document}:${line}`, file: info!.trim(), text };
  });
}

/** What is wrong with a sample: no file named, a file that is not there, or text the file does not hold. */
function problemOf({ where, file, text }: Sample, read = (name: string) => readFileSync(path.join(ROOT, name), 'utf8')): string | undefined {
  if (!file) return `${where}: a ts sample names the file it is taken from (\`\`\`ts functions/src/classes/handlers/assign-module.ts)`;
  if (!existsSync(path.join(ROOT, file))) return `${where}: ${file} does not exist`;
  return read(file).includes(text.trim()) ? undefined : `${where}: not in ${file} as written; copy it from the file again`;
}

const samples = DOCUMENTS.flatMap(samplesOf);

test('every TypeScript sample in the docs is taken word for word from the file it names', () => {
  expect(samples.length).toBeGreaterThan(0);
  expect(samples.map((sample) => problemOf(sample)).filter(Boolean)).toEqual([]);
});

test('a sample the code has moved away from is reported, with where it is', () => {
  const [sample] = samples;
  const moved = (name: string) => readFileSync(path.join(ROOT, name), 'utf8').replace('makeHandler', 'makeRouteHandler');
  expect(problemOf(sample!, moved)).toBe(`${sample!.where}: not in ${sample!.file} as written; copy it from the file again`);
  expect(problemOf({ ...sample!, file: '' })).toMatch(/names the file it is taken from/);
  expect(problemOf({ ...sample!, file: 'functions/src/classes/handlers/gone.ts' })).toMatch(/does not exist/);
});
