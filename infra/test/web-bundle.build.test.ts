// The web build carries the contract only: no handler file names or access levels (needs `npm run build`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { routes } from '../../shared/contract';
import { REPO_ROOT } from '../constructs/bundling';
import { routeDeployment } from '../route-deployment';

describe('the built web app (npm run build)', () => {
  const assets = path.join(REPO_ROOT, 'web', 'dist', 'assets');
  const scripts = () => {
    if (!existsSync(assets)) throw new Error(`${assets} does not exist: run \`npm run build\` first (npm test does).`);
    return readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(assets, file), 'utf8'))
      .join('\n');
  };

  test('knows the routes (the contract is in the bundle)', () => {
    expect(scripts()).toContain(routes.getClassReport.path);
  });

  test('carries no handler file names and none of the table, bucket or user pool actions routes are granted', () => {
    const code = scripts();
    const deployments = Object.values(routeDeployment);
    const quoted = (name: string) => [`"${name}"`, `'${name}'`];
    const leaks = [
      ...new Set(deployments.flatMap((deployment) => quoted(deployment.handler))),
      ...new Set(deployments.flatMap((deployment) => (deployment.userPool === 'none' ? [] : deployment.userPool))),
      ...new Set(deployments.flatMap((deployment) => [deployment.table, deployment.bucket].flatMap((access) => (access === 'none' ? [] : access.flatMap(quoted))))),
    ].filter((needle) => code.includes(needle));
    expect(leaks).toEqual([]);
  });
});
