// The TypeScript samples in the docs compile against the code as it is. Each ```ts block names the folder its code
// lives in (```ts functions/src/classes/handlers/), and is type-checked as a file of that folder with the root tsconfig's
// options, so its relative imports and path aliases resolve as in the code it shows. A sample the code has moved away
// from fails here instead of misleading a reader.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const DOCUMENTS = ['docs/architecture.md', 'README.md'];

interface Sample {
  where: string;
  file: string;
  text: string;
}

/** Every ```ts block (also inside a list item, indented), as a virtual file in the folder its info string names. */
function samplesOf(document: string): Sample[] {
  const markdown = readFileSync(path.join(ROOT, document), 'utf8');
  const blocks = [...markdown.matchAll(/^( *)```ts([^\n]*)\n([\s\S]*?)^\1```$/gm)];
  return blocks.map(([, indent, info, body], index) => {
    const folder = info!.trim();
    const line = markdown.slice(0, markdown.indexOf(blocks[index]![0])).split('\n').length;
    const where = `${document}:${line}`;
    if (!folder) throw new Error(`${where}: a ts sample names the folder its code lives in (\`\`\`ts functions/src/handlers/)`);
    const text = body!.split('\n').map((each) => each.slice(indent!.length)).join('\n');
    return { where, file: path.join(ROOT, folder, `doc-sample-${path.basename(document, '.md')}-${index + 1}.ts`), text };
  });
}

function compilerOptions(): ts.CompilerOptions {
  const configFile = path.join(ROOT, 'tsconfig.json');
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  return { ...ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options, noEmit: true };
}

/** The diagnostics of the samples themselves (what they import is checked by the project's own typecheck). */
function typeErrors(samples: Sample[]): string[] {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const virtual = new Map(samples.map((sample) => [sample.file, sample]));
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (fileName, language, ...rest) => {
    const sample = virtual.get(path.resolve(fileName));
    return sample ? ts.createSourceFile(fileName, sample.text, language, true) : getSourceFile.call(host, fileName, language, ...rest);
  };
  host.fileExists = (fileName) => virtual.has(path.resolve(fileName)) || fileExists.call(host, fileName);
  host.readFile = (fileName) => virtual.get(path.resolve(fileName))?.text ?? readFile.call(host, fileName);
  const program = ts.createProgram([...virtual.keys()], options, host);
  return samples.flatMap((sample) => {
    const source = program.getSourceFile(sample.file)!;
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((diagnostic) => {
      const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      return `${sample.where} (sample line ${line + 1}): ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
  });
}

/** What the docs showed before handlers were given the route's name: a sample the code has moved away from. */
const STALE: Sample = {
  where: 'stale sample',
  file: path.join(ROOT, 'functions/src/classes/handlers/doc-sample-stale.ts'),
  text: `import { routes } from '@shared/contract';
import { apiHandler } from '../../composition/api-handler';
import { ok } from '../../platform/http';
export const handler = apiHandler(routes.listClasses, async () => ok([]));`,
};

const samples = DOCUMENTS.flatMap(samplesOf);
let errors: string[];
beforeAll(() => {
  // One program for all of them: building it (resolving the code the samples import) is most of the time.
  errors = typeErrors([...samples, STALE]);
}, 120_000);

test('every TypeScript sample in the docs type-checks against the code', () => {
  expect(samples.length).toBeGreaterThan(0);
  expect(errors.filter((error) => !error.startsWith(STALE.where))).toEqual([]);
});

test('a sample that no longer matches the code is reported, with where it is', () => {
  expect(errors.filter((error) => error.startsWith(STALE.where))).toEqual([
    expect.stringMatching(/^stale sample \(sample line 4\): Argument of type/),
  ]);
});
