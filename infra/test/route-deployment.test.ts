// The deployment table covers exactly the contract's routes, each with a handler file that exists.
import { existsSync } from 'node:fs';
import { routes } from '../../shared/contract';
import { handlerEntry } from '../constructs/bundling';
import { deployedRoutes, routeDeployment } from '../route-deployment';

test('every route of the contract is deployed, and nothing else', () => {
  expect(Object.keys(routeDeployment).sort()).toEqual(Object.keys(routes).sort());
  expect(deployedRoutes.map(([name]) => name)).toEqual(Object.keys(routes));
});

test.each(deployedRoutes)('%s has its own handler file', (_name, route) => {
  expect(existsSync(handlerEntry(route.handler))).toBe(true);
  expect(deployedRoutes.filter(([, other]) => other.handler === route.handler)).toHaveLength(1);
});
