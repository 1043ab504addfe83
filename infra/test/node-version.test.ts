// One Node.js version (docs/decisions/dependencies/node-version.md): the release `.nvmrc` names is the one the pinned
// `node` devDependency installs for every npm script, `engines` admits and the Lambdas' runtime runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LAMBDA_RUNTIME } from '../constructs/bundling';

const root = path.resolve(__dirname, '../..');
const release = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
const major = release.split('.')[0];
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

test('.nvmrc names an exact release', () => {
  expect(release).toMatch(/^\d+\.\d+\.\d+$/);
});

test('the pinned node package is the release .nvmrc names', () => {
  expect(manifest.devDependencies.node).toBe(release);
});

test('engines admits that major version only', () => {
  expect(manifest.engines.node).toBe(`${major}.x`);
});

test('the Lambdas run the same major version', () => {
  expect(LAMBDA_RUNTIME.name).toBe(`nodejs${major}.x`);
});

test('the tests run on it', () => {
  expect(process.version).toBe(`v${release}`);
});
