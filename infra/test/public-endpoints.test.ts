// The LTI tool's public endpoints in AWS (issue 38): one function per handler of `publicEndpointDeployment`, HTTP API
// routes without the JWT authorizer, each function granted exactly its endpoint's table actions, the origin-verify
// secret and (where it uses them) the tool's keys, the keys' secret by the stage's name, throttles for the routes,
// and CloudFront sending /lti/* to the API uncached with the origin-verify header.
import type { Template } from 'aws-cdk-lib/assertions';
import { ltiEndpoints, type LtiEndpointName } from '../../shared/contract/lti';
import { APP_ORIGIN_HEADER } from '../../shared/edge';
import { LTI_PATH_PATTERN } from '../../shared/lti';
import { publicEndpointDeployment, tableIamActions, type PublicEndpointDeployment } from '../route-deployment';
import { endpointsByHandler, publicFunctionDescription } from '../stacks/public-endpoints-stack';
import { routeClass, throttlesFor } from '../capacity';
import { loadStageSettings } from '../stage-settings';
import { actionsOf, synthesize, type Statement } from './synthesize';

type Resource = { Type: string; Properties: Record<string, any> };

let api: Template;
let web: Template;
let resources: Record<string, Resource>;
let cleanup: () => void;

beforeAll(() => {
  ({ templates: { api, web }, cleanup } = synthesize());
  resources = api.toJSON().Resources;
}, 60_000);
afterAll(() => cleanup());

const endpointNames = Object.keys(ltiEndpoints) as LtiEndpointName[];
const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);

function functionOf(names: readonly LtiEndpointName[]): [string, Resource] {
  const found = ofType('AWS::Lambda::Function').filter(([, fn]) => fn.Properties.Description === publicFunctionDescription(names));
  expect(found).toHaveLength(1);
  return found[0];
}

function statementsOf(functionResource: Resource): Statement[] {
  const roleId = functionResource.Properties.Role['Fn::GetAtt'][0];
  return ofType('AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
}

const secretId = (namePart: string) => {
  const [[id]] = ofType('AWS::SecretsManager::Secret').filter(([, secret]) => secret.Properties.Name === `prod-learning-paths/${namePart}`);
  return id;
};

describe('functions and routes', () => {
  test('one function per handler: both methods of the login share one, the launch and the keys have their own', () => {
    expect([...endpointsByHandler().values()]).toEqual([['ltiLoginGet', 'ltiLoginPost'], ['ltiLaunch'], ['ltiJwks']]);
    for (const names of endpointsByHandler().values()) {
      const [, fn] = functionOf(names);
      expect(fn.Properties).toMatchObject({ Runtime: expect.stringMatching(/^nodejs/), Handler: 'index.handler', Timeout: 10 });
    }
  });

  test('every endpoint is a route without an authorizer, integrated with its handler\'s function', () => {
    const routes = ofType('AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties);
    for (const name of endpointNames) {
      const { method, path } = ltiEndpoints[name];
      const route = routes.find((candidate) => candidate.RouteKey === `${method} ${path}`);
      expect(route).toBeDefined();
      expect(route!.AuthorizationType ?? 'NONE').toBe('NONE');
      expect(route!.AuthorizerId).toBeUndefined();
      const names = [...endpointsByHandler().values()].find((group) => group.includes(name))!;
      const [functionId] = functionOf(names);
      const integrationId = (route!.Target['Fn::Join'][1] as unknown[]).map((part) => (part as { Ref?: string }).Ref).find(Boolean)!;
      expect(JSON.stringify(resources[integrationId].Properties.IntegrationUri)).toContain(functionId);
    }
  });

  test('each route is throttled by its route class: the login form post and the launch as a class arriving together', () => {
    const throttles = throttlesFor(loadStageSettings('prod').capacity);
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage');
    for (const name of endpointNames) {
      const { method, path } = ltiEndpoints[name];
      const { rateLimit, burstLimit } = throttles.routes[routeClass(name, method)];
      expect(stage.Properties.RouteSettings[`${method} ${path}`]).toEqual({ ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit });
    }
    expect(routeClass('ltiLaunch', 'POST')).toBe('studentWrite');
  });
});

describe('least privilege', () => {
  test.each([...endpointsByHandler().values()].map((names) => [names.join(' and '), names] as const))(
    '%s: exactly its table actions, the origin-verify secret, the tool keys only where it reads them, nothing else',
    (_, names) => {
      const endpoint: PublicEndpointDeployment = publicEndpointDeployment[names[0]];
      const [, fn] = functionOf(names);
      const statements = statementsOf(fn);
      const onTable = statements.filter((statement) => actionsOf(statement).some((action) => action.startsWith('dynamodb:')));
      // No per-caller counter or access-record grant: a public endpoint has no caller token to count or look up.
      expect(onTable.every((statement) => statement.Condition === undefined)).toBe(true);
      expect(onTable.flatMap(actionsOf).sort()).toEqual(tableIamActions(endpoint.table).sort());
      const secretReads = statements.filter((statement) => actionsOf(statement).includes('secretsmanager:GetSecretValue'));
      const readSecrets = secretReads.flatMap((statement) => [statement.Resource].flat() as { Ref: string }[]).map((resource) => resource.Ref).sort();
      expect(readSecrets).toEqual([secretId('origin-verify'), ...(endpoint.toolKeys ? [secretId('lti-tool-keys')] : [])].sort());
      // The user pool's admin calls where it makes them (the launch), on that pool alone.
      const onPool = statements.filter((statement) => actionsOf(statement).some((action) => action.startsWith('cognito-idp:')));
      const poolAccess = endpoint.userPool ?? 'none';
      expect(onPool.flatMap(actionsOf).sort()).toEqual(poolAccess === 'none' ? [] : poolAccess.map((action) => `cognito-idp:${action}`).sort());
      // X-Ray's trace writes where the stage traces (prod does), as every function's.
      const services = new Set(statements.flatMap(actionsOf).map((action) => action.split(':')[0]));
      expect([...services].sort()).toEqual([...(onTable.length ? ['dynamodb'] : []), ...(onPool.length ? ['cognito-idp'] : []), 'logs', 'secretsmanager', 'xray'].sort());
    },
  );

  test('each function is configured with what it reads: the table and the user pool where it uses them, the keys secret by name where it reads it', () => {
    for (const names of endpointsByHandler().values()) {
      const endpoint: PublicEndpointDeployment = publicEndpointDeployment[names[0]];
      const variables = functionOf(names)[1].Properties.Environment.Variables as Record<string, unknown>;
      expect('TABLE_NAME' in variables).toBe(endpoint.table !== 'none');
      expect('USER_POOL_ID' in variables).toBe((endpoint.userPool ?? 'none') !== 'none');
      expect(variables.LTI_TOOL_KEYS_SECRET_ID).toBe(endpoint.toolKeys ? 'prod-learning-paths/lti-tool-keys' : undefined);
      expect(variables).toMatchObject({ ORIGIN_VERIFY_SECRET_ID: 'prod-learning-paths/origin-verify', ORIGIN_VERIFY_GENERATION: '1' });
      // The prod stage has no app origin setting (school sign-in off): CloudFront's function tells it (shared/edge.ts).
      expect(variables.APP_ORIGIN).toBeUndefined();
    }
  });

  test('the tool keys secret has the stage\'s name and no value in the template (npm run rotate-lti-tool-keys writes it)', () => {
    const [, secret] = ofType('AWS::SecretsManager::Secret').find(([id]) => id === secretId('lti-tool-keys'))!;
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(JSON.stringify(secret.Properties)).not.toMatch(/"d"|PRIVATE/);
  });
});

describe('CloudFront', () => {
  const distributionConfig = () => Object.values(web.findResources('AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
  const behaviorFor = (pathPattern: string) => distributionConfig().CacheBehaviors.find((behavior: { PathPattern: string }) => behavior.PathPattern === pathPattern);

  test('every endpoint path falls under the /lti/* behaviour', () => {
    const prefix = LTI_PATH_PATTERN.slice(0, -1);
    for (const name of endpointNames) expect(ltiEndpoints[name].path.startsWith(prefix)).toBe(true);
  });

  test('/lti/* goes to the API origin with its origin-verify header, uncached, every method, the viewer\'s query, form and cookies', () => {
    const lti = behaviorFor(LTI_PATH_PATTERN);
    const api = behaviorFor('/api/*');
    expect(lti).toMatchObject({
      TargetOriginId: api.TargetOriginId,
      CachePolicyId: api.CachePolicyId,
      OriginRequestPolicyId: api.OriginRequestPolicyId,
      AllowedMethods: expect.arrayContaining(['GET', 'POST']),
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = distributionConfig().Origins.find((candidate: { Id: string }) => candidate.Id === lti.TargetOriginId);
    expect(origin.OriginCustomHeaders).toEqual([
      { HeaderName: 'x-origin-verify', HeaderValue: '{{resolve:secretsmanager:prod-learning-paths/origin-verify:SecretString:g1::}}' },
    ]);
  });

  test("a viewer-request function tells the endpoints the origin the viewer reached, over any value the viewer sent", () => {
    const [association] = behaviorFor(LTI_PATH_PATTERN).FunctionAssociations;
    expect(association.EventType).toBe('viewer-request');
    const code: string = web.toJSON().Resources[association.FunctionARN['Fn::GetAtt'][0]].Properties.FunctionCode;
    const handler = new Function(`${code}; return handler;`)() as (event: unknown) => { headers: Record<string, { value: string }> };
    const request = handler({ request: { uri: '/lti/launch', headers: { host: { value: 'learn.hillside.example.org' }, [APP_ORIGIN_HEADER]: { value: 'https://evil.example' } } } });
    expect(request.headers[APP_ORIGIN_HEADER]).toEqual({ value: 'https://learn.hillside.example.org' });
    // The API behaviour has none: only the LTI endpoints build URLs on the app's origin.
    expect(behaviorFor('/api/*').FunctionAssociations).toBeUndefined();
  });

  test('the LMS may frame the tool\'s pages: no X-Frame-Options and no CSP over the page\'s own, HSTS and nosniff kept', () => {
    const id = behaviorFor(LTI_PATH_PATTERN).ResponseHeadersPolicyId.Ref as string;
    const config = web.toJSON().Resources[id].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(config.FrameOptions).toBeUndefined();
    expect(config.ContentSecurityPolicy).toBeUndefined();
    expect(config.StrictTransportSecurity).toMatchObject({ Override: true });
    expect(config.ContentTypeOptions).toEqual({ Override: true });
  });
});
