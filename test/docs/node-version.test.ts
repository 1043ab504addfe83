// The project is tested on the Node.js it declares: `.nvmrc`, package.json's engines and the `node` dev dependency
// (which npm puts first on the PATH of every script) name one version, and this run is on it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');
const declared = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

test('.nvmrc, engines and the node dev dependency name the same version', () => {
  expect(declared).toMatch(/^\d+\.\d+\.\d+$/);
  expect(packageJson.engines.node).toBe(declared);
  expect(packageJson.devDependencies.node).toBe(declared);
});

test('the tests run on that version', () => {
  expect(process.version).toBe(`v${declared}`);
});
