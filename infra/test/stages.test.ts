// Two stages of the product in one account and region (`-c stage=<name>`): nothing that must be unique there is
// shared, so `prod` and `test` deploy side by side.
import { App } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { addLearningPaths } from '../learning-paths';
import { DEFAULT_STAGE, stackNames } from '../stage';
import { TEST_STAGE } from './prebuilt-syntheses';
import { synthesize, type Synthesized } from './synthesize';

const ENVIRONMENT = { region: 'eu-west-1', account: '123456789012' };
let prod: Synthesized;
let testStage: Synthesized;

beforeAll(() => {
  // The WAF on, so its stack (us-east-1) is compared too.
  prod = synthesize({ ...ENVIRONMENT, context: { waf: 'true' } });
  testStage = synthesize(TEST_STAGE);
}, 120_000);
afterAll(() => [prod, testStage].forEach((app) => app.cleanup()));

/** Names that are unique only within their parent resource (a pool's groups, an API's stage), not in the account. */
const SCOPED_TO_PARENT: Record<string, string[]> = {
  'AWS::Cognito::UserPoolGroup': ['GroupName'],
  'AWS::ApiGatewayV2::Authorizer': ['Name'],
  'AWS::ApiGatewayV2::Stage': ['StageName'],
  'AWS::IAM::Policy': ['PolicyName'],
  // The metric an alarm reads, not a name of the alarm.
  'AWS::CloudWatch::Alarm': ['MetricName'],
};

/**
 * Every name a template gives a resource itself (a property `…Name`, or `Name` inside a `…Config`), as
 * `type property = value`; a name CloudFormation generates (no such property) is unique by the stack's name.
 */
function physicalNames(template: Template): string[] {
  const resources = Object.values(template.toJSON().Resources) as { Type: string; Properties?: Record<string, unknown> }[];
  return resources.flatMap(({ Type, Properties = {} }) =>
    Object.entries(Properties).flatMap(([property, value]) => {
      const named: [string, unknown][] = /Name$/.test(property) ? [[property, value]] : [];
      if (/Config$/.test(property) && value && typeof value === 'object' && 'Name' in value) named.push([`${property}.Name`, value.Name]);
      return named
        .filter(([name, given]) => !SCOPED_TO_PARENT[Type]?.includes(name) && !isReference(given))
        .map(([name, given]) => `${Type} ${name} = ${JSON.stringify(given)}`);
    }),
  );
}

/** A Ref or Fn::GetAtt names another resource of the stack (e.g. a permission's function), not a new one. */
const isReference = (value: unknown) => typeof value === 'object' && value !== null && ('Ref' in value || 'Fn::GetAtt' in value);

const exportNames = (template: Template): string[] =>
  Object.values((template.toJSON().Outputs ?? {}) as Record<string, { Export?: { Name: unknown } }>)
    .filter((output) => output.Export)
    .map((output) => JSON.stringify(output.Export!.Name));

const everyTemplate = (app: Synthesized) => Object.values(app.templates) as Template[];

test('each stage names its stacks after itself; prod is the default', () => {
  expect(Object.keys(prod.templates).sort()).toEqual(['api', 'auth', 'data', 'edge', 'waf', 'web']);
  expect(stackNames(DEFAULT_STAGE)).toMatchObject({ data: 'prod-LearningPaths-Data', api: 'prod-LearningPaths-Api' });
  expect(Object.values(stackNames('test')).every((name) => name.startsWith('test-LearningPaths-'))).toBe(true);
  expect(prod.stackNames.sort()).toEqual(Object.values(stackNames('prod')).sort());
  expect(testStage.stackNames.sort()).toEqual(Object.values(stackNames('test')).sort());
});

test('no account-wide name is the same in two stages', () => {
  const prodNames = everyTemplate(prod).flatMap(physicalNames);
  const testNames = everyTemplate(testStage).flatMap(physicalNames);
  // The names that needed the stage: the dashboard, the HTTP API, CloudFront's policies, function and origin access control.
  for (const type of ['AWS::CloudWatch::Dashboard', 'AWS::ApiGatewayV2::Api', 'AWS::CloudFront::ResponseHeadersPolicy', 'AWS::CloudFront::OriginAccessControl', 'AWS::CloudFront::Function']) {
    expect(prodNames.filter((name) => name.startsWith(`${type} `)).length).toBeGreaterThan(0);
  }
  expect(prodNames.filter((name) => testNames.includes(name))).toEqual([]);
  // Nor twice within one stage.
  expect(new Set(prodNames).size).toBe(prodNames.length);
});

test('no export name is the same in two stages', () => {
  const prodExports = everyTemplate(prod).flatMap(exportNames);
  const testExports = everyTemplate(testStage).flatMap(exportNames);
  expect(prodExports.filter((name) => testExports.includes(name))).toEqual([]);
});

test('the business metrics and the WAF metrics of each stage are apart', () => {
  const serviceOf = (app: Synthesized) =>
    (Object.values(app.templates.api.findResources('AWS::Lambda::Function')) as { Properties: { Environment: { Variables: Record<string, string> } } }[]).map(
      (fn) => fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME,
    );
  expect(new Set(serviceOf(prod))).toEqual(new Set(['prod-learning-paths-api']));
  expect(new Set(serviceOf(testStage))).toEqual(new Set(['test-learning-paths-api']));
  const wafMetrics = (app: Synthesized) => JSON.stringify(app.templates.waf!.toJSON()).match(/"MetricName":"[^"]+"/g);
  expect(wafMetrics(testStage)!.every((metric) => metric.includes('"test-'))).toBe(true);
});

test('a stage other than the default passes cdk-nag as the default does', () => {
  const findings = Object.values(testStage.messages)
    .flat()
    .filter((message) => (message.level === 'error' || message.level === 'warning') && String(message.entry.data).includes('AwsSolutions-'));
  expect(findings).toEqual([]);
});

test('a stage name that would not fit the names it prefixes is refused with what to use', () => {
  const app = new App({ context: { stage: 'Test_1' } });
  expect(() => addLearningPaths(app, { webDistPath: 'unused' })).toThrow(/1 to 15 lower-case letters, digits or hyphens/);
});
