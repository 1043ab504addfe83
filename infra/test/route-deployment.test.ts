// The deployment table covers exactly the contract's routes, each with a handler file that exists.
import { existsSync } from 'node:fs';
import { routes } from '../../shared/contract';
import { handlerEntry } from '../constructs/bundling';
import { functionEnvironment } from '../constructs/route-function';
import { deployedRoutes, routeDeployment } from '../route-deployment';

test('every route of the contract is deployed, and nothing else', () => {
  expect(Object.keys(routeDeployment).sort()).toEqual(Object.keys(routes).sort());
  expect(deployedRoutes.map(([name]) => name)).toEqual(Object.keys(routes));
});

test.each(deployedRoutes)('%s has its own handler file', (_name, route) => {
  expect(existsSync(handlerEntry(route.handler))).toBe(true);
  expect(deployedRoutes.filter(([, other]) => other.handler === route.handler)).toHaveLength(1);
});

test('only the OneRoster import follows school sign-in (SCHOOL_SIGN_IN) and runs longer than 10 s, and only on a stage that turns it on', () => {
  const names = { tableName: 'table', bucketName: 'bucket', userPoolId: 'pool', serviceName: 'test', originVerify: { secretName: 'secret', generation: 1 } };
  const following = deployedRoutes.filter(([, route]) => functionEnvironment(route, { ...names, schoolSignIn: true }).SCHOOL_SIGN_IN === 'on');
  expect(following.map(([name]) => name)).toEqual(['importOneRoster']);
  expect(functionEnvironment(routeDeployment.importOneRoster, names)).not.toHaveProperty('SCHOOL_SIGN_IN');
  expect(deployedRoutes.filter(([, route]) => route.timeoutSeconds !== undefined).map(([name, route]) => [name, route.timeoutSeconds])).toEqual([['importOneRoster', 29]]);
});
