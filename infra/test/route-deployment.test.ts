// The deployment table covers exactly the contract's routes, each with a handler file that exists.
import { existsSync } from 'node:fs';
import { routes } from '../../shared/contract';
import { SCHOOL_SIGN_IN_PROVIDERS_ENV } from '../../shared/school-sign-in';
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

test("only the OneRoster import and the school sign-in settings get the stage's providers, and only on a stage that turns school sign-in on", () => {
  const names = { tableName: 'table', bucketName: 'bucket', userPoolId: 'pool', serviceName: 'test', originVerify: { secretName: 'secret', generation: 1 }, toolKeysSecretName: 'lti-tool-keys' };
  const providers = JSON.stringify([{ name: 'Google', domains: ['school.example'] }]);
  const following = deployedRoutes.filter(([, route]) => functionEnvironment(route, { ...names, schoolSignInProviders: providers })[SCHOOL_SIGN_IN_PROVIDERS_ENV] === providers);
  expect(following.map(([name]) => name).sort()).toEqual(['getSchoolSignIn', 'importOneRoster', 'setSchoolSignInDomain']);
  expect(functionEnvironment(routeDeployment.importOneRoster, names)).not.toHaveProperty(SCHOOL_SIGN_IN_PROVIDERS_ENV);
});

test('only the routes that read or change much in one request run longer than 10 s', () => {
  expect(deployedRoutes.filter(([, route]) => route.timeoutSeconds !== undefined).map(([name, route]) => [name, route.timeoutSeconds])).toEqual([
    ['importOneRoster', 29],
    ['exportOneRosterScores', 29],
    ['exportOwnData', 29],
    ['exportPersonData', 29],
  ]);
});
