// Room to grow: with 150 routes (the route table's shapes, cloned under new names into their features), no stack the
// app deploys, nested ones included, uses more than 60 % of any of CloudFormation's per-stack limits. Prints each use.
import { ltiEndpoints } from '../../shared/contract/lti';
import { endpointsByHandler } from '../stacks/public-endpoints-stack';
import { deployedRoutes, routeFeature } from '../route-deployment';
import { generatedRoutes } from './generated-routes';
import { LIMITS_SYNTHESIS } from './prebuilt-syntheses';
import { synthesize, type CfnTemplate, type Synthesized } from './synthesize';

const ROUTES = LIMITS_SYNTHESIS.routeCount!;
const MOST = 0.6;

/** CloudFormation's quotas per stack (template body from S3: 1 MB). */
const LIMITS = {
  resources: { limit: 500, count: (t: CfnTemplate) => Object.keys(t.Resources).length },
  outputs: { limit: 200, count: (t: CfnTemplate) => Object.keys(t.Outputs ?? {}).length },
  parameters: { limit: 200, count: (t: CfnTemplate) => Object.keys(t.Parameters ?? {}).length },
  'dynamic references': { limit: 60, count: (t: CfnTemplate) => (JSON.stringify(t).match(/\{\{resolve:/g) ?? []).length },
  // As CDK writes the file it uploads.
  'template bytes': { limit: 1024 * 1024, count: (t: CfnTemplate) => Buffer.byteLength(JSON.stringify(t, undefined, 1)) },
} as const;

let app: Synthesized;
const routes = generatedRoutes(ROUTES);

beforeAll(() => {
  app = synthesize(LIMITS_SYNTHESIS);
}, 180_000);
afterAll(() => app.cleanup());

test(`the generated table has ${ROUTES} routes, each a real route's shape in its feature, and the API deploys them all`, () => {
  expect(routes).toHaveLength(ROUTES);
  expect(new Set(routes.map(([, route]) => `${route.method} ${route.path}`)).size).toBe(ROUTES);
  const real = new Map(deployedRoutes.map(([name, route]) => [name, route]));
  for (const [name, route] of routes) {
    const original = real.get(name.replace(/Copy\d+$/, '') as never)!;
    expect(routeFeature(route.path)).toBe(routeFeature(original.path));
    expect({ ...route, path: original.path }).toEqual(original);
  }
  // And the public endpoints (the LTI tool's), in their own stack.
  expect(Object.keys(app.templates.api.findResources('AWS::ApiGatewayV2::Route'))).toHaveLength(ROUTES + Object.keys(ltiEndpoints).length);
  // One function per route and per public endpoint handler, the text extraction, OneRoster sync, retention, LTI score
  // sender and file link key generator.
  expect(Object.keys(app.templates.api.findResources('AWS::Lambda::Function'))).toHaveLength(ROUTES + endpointsByHandler().size + 5);
});

test(`no stack uses more than ${MOST * 100} % of any CloudFormation limit at ${ROUTES} routes`, () => {
  const rows = app.cloudFormationTemplates.map(([stack, template]) => ({
    stack,
    use: Object.fromEntries(Object.entries(LIMITS).map(([limit, { limit: most, count }]) => [limit, count(template) / most])) as Record<string, number>,
  }));
  console.log(
    [
      `CloudFormation limits used at ${ROUTES} routes (% of the per-stack quota):`,
      ['stack'.padEnd(60), ...Object.keys(LIMITS).map((limit) => limit.padStart(19))].join(''),
      ...rows.map(({ stack, use }) => [stack.padEnd(60), ...Object.values(use).map((share) => `${(share * 100).toFixed(1)} %`.padStart(19))].join('')),
    ].join('\n'),
  );
  const above = rows.flatMap(({ stack, use }) => Object.entries(use).filter(([, share]) => share > MOST).map(([limit, share]) => `${stack}: ${limit} ${(share * 100).toFixed(1)} %`));
  expect(above).toEqual([]);
});
