// Jest does not apply moduleNameMapper to a global setup, which loads the local stack with Node's own require: this
// teaches that require the path aliases of tsconfig.json (the same folders as jest.config.ts maps), on import, and
// for as long as the stack lives (the handlers load on their first request).
import Module from 'node:module';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const ALIASES: [prefix: string, folder: string][] = [
  ['@shared/', 'shared'],
  ['@functions/', 'functions'],
  ['@infra/', 'infra'],
  ['@local/', 'local'],
  ['@tools/', 'tools'],
  ['@test/', 'test'],
];

type ResolveFilename = (this: unknown, request: string, ...rest: unknown[]) => string;
const nodeModule = Module as unknown as { _resolveFilename: ResolveFilename };
const resolveFilename = nodeModule._resolveFilename;

nodeModule._resolveFilename = function (request, ...rest) {
  const alias = ALIASES.find(([prefix]) => request.startsWith(prefix));
  const resolved = alias ? path.join(REPO_ROOT, alias[1], request.slice(alias[0].length)) : request;
  return resolveFilename.call(this, resolved, ...rest);
};

/** Gives Node's require back its own resolution (the teardown). */
export function forgetPathAliases(): void {
  nodeModule._resolveFilename = resolveFilename;
}
