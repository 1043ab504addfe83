// The route table grown to a given size, for the limits test (limits.test.ts) and the synthesis it reads.
import { deployedRoutes, type DeployedRoute } from '../route-deployment';

/**
 * The route table's routes, then copies of them until there are `count`: a copy keeps its route's method, roles,
 * handler and grants, and gets a path in the same feature with a segment of its own (`/api/modules/copy2/{id}`).
 */
export function generatedRoutes(count: number): [string, DeployedRoute][] {
  const routes: [string, DeployedRoute][] = [...deployedRoutes];
  for (let copy = 1; routes.length < count; copy += 1) {
    for (const [name, route] of deployedRoutes.slice(0, count - routes.length)) {
      const segments = route.path.split('/');
      const featureEnd = segments[2] === 'admin' && segments[3] && !segments[3].startsWith('{') ? 4 : 3;
      const path = [...segments.slice(0, featureEnd), `copy${copy}`, ...segments.slice(featureEnd)].join('/');
      routes.push([`${name}Copy${copy}`, { ...route, path }]);
    }
  }
  return routes;
}
