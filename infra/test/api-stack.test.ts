// The API stack against the shared route table: one Lambda and one JWT-authorized route per entry, each with only
// the access its entry declares.
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { PEOPLE_LIMITS } from '../../shared/people';
import { LTI_SCORE_DELIVERY } from '../../shared/lti';
import { routes } from '../../shared/contract';
import { ltiEndpoints } from '../../shared/contract/lti';
import type { RouteDefinition } from '../../shared/contract/route';
import { deployedRoutes, iamActionsOf, routeDeployment, routeFeature, routesByFeature } from '../route-deployment';
import { ERASURE_JOB_PREFIX, PERSON_ACCESS_PREFIX, REQUEST_COUNTER_PREFIX, TABLE_KEYS } from '../../shared/table';
import { admitsAdmins } from '../../shared/second-factor';
import { routeThrottle } from '../stacks/api-stack';
import { endpointsByHandler } from '../stacks/public-endpoints-stack';
import { throttlesFor } from '../capacity';
import { loadStageSettings } from '../stage-settings';
import { WITH_SETTINGS_CHANGED } from './prebuilt-syntheses';
import { actionsOf, synthesize, type Statement, type Synthesized } from './synthesize';

type Resource = { Type: string; Properties: Record<string, any> };

const PROD_THROTTLES = throttlesFor(loadStageSettings('prod').capacity);
let template: Template;
let resources: Record<string, Resource>;
let cloudFormationTemplates: Synthesized['cloudFormationTemplates'];
let cleanup: () => void;

beforeAll(() => {
  ({ templates: { api: template }, cloudFormationTemplates, cleanup } = synthesize());
  resources = template.toJSON().Resources;
}, 60_000);
afterAll(() => cleanup());

const describeRoute = (route: RouteDefinition) => `${route.method} ${route.path}`;

function functionFor(route: RouteDefinition): [string, Resource] {
  const found = Object.entries(resources).filter(
    ([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties.Description === describeRoute(route),
  );
  expect(found).toHaveLength(1);
  return found[0];
}

function statementsFor(route: RouteDefinition): Statement[] {
  const [, fn] = functionFor(route);
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement as Statement[]);
}

/** The logical id of the secret of this name. */
function secretNamed(name: string): string {
  const [[id]] = Object.entries(template.findResources('AWS::SecretsManager::Secret')).filter(([, secret]) => secret.Properties.Name === name);
  return id;
}

/** The file link public keys' logical ids, in the key group's order (oldest generation first). */
function publicKeyIds(): string[] {
  const [group] = Object.values(template.findResources('AWS::CloudFront::KeyGroup'));
  return (group.Properties.KeyGroupConfig.Items as { Ref: string }[]).map((item) => item.Ref);
}

describe('functions', () => {
  test('one Lambda per route-table entry and per public endpoint handler, the text extraction, OneRoster sync, retention and LTI score functions, the file link key generator, and no others', () => {
    template.resourceCountIs('AWS::Lambda::Function', deployedRoutes.length + endpointsByHandler().size + 5);
  });

  test('LTI scores: the attempt route may only send to the reports queue; the sender receives it in small batches, reads the table and the tool keys, and failed reports end in a dead-letter queue with an alarm', () => {
    const queues = template.findResources('AWS::SQS::Queue');
    const [[reportsId, reports]] = Object.entries(queues).filter(([id]) => id.startsWith('LtiScoreDeliveryReports'));
    const [[deadLettersId]] = Object.entries(queues).filter(([id]) => id.startsWith('LtiScoreDeliveryDeadLetters'));
    expect(reports.Properties).toMatchObject({ SqsManagedSseEnabled: true, VisibilityTimeout: 360, RedrivePolicy: { maxReceiveCount: LTI_SCORE_DELIVERY.maxDeliveries, deadLetterTargetArn: { 'Fn::GetAtt': [deadLettersId, 'Arn'] } } });

    const sending = deployedRoutes.filter(([, route]) => statementsFor(route).some((statement) => actionsOf(statement).some((action) => action.startsWith('sqs:'))));
    expect(sending.map(([name]) => name)).toEqual(['submitAttempt']);
    const sqsStatements = statementsFor(routes.submitAttempt).filter((statement) => actionsOf(statement).some((action) => action.startsWith('sqs:')));
    expect(sqsStatements.flatMap(actionsOf)).toEqual(['sqs:SendMessage']);
    expect(sqsStatements.map((statement) => JSON.stringify(statement.Resource))).toEqual([expect.stringContaining(reportsId)]);

    const [[senderId, sender]] = Object.entries(template.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('Posts LTI scores') } }));
    expect(Object.keys(sender.Properties.Environment.Variables).sort()).toEqual(['LTI_SCORE_QUEUE_URL', 'LTI_TOOL_KEYS_SECRET_ID', 'POWERTOOLS_SERVICE_NAME', 'POWERTOOLS_TRACE_ENABLED', 'TABLE_NAME']);
    const [mapping] = Object.values(template.findResources('AWS::Lambda::EventSourceMapping'));
    expect(mapping.Properties).toMatchObject({ FunctionName: { Ref: senderId }, EventSourceArn: { 'Fn::GetAtt': [reportsId, 'Arn'] }, BatchSize: 10, FunctionResponseTypes: ['ReportBatchItemFailures'], ScalingConfig: { MaximumConcurrency: 5 } });
    const senderRole = sender.Properties.Role['Fn::GetAtt'][0];
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((policy) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === senderRole))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
    const dataActions = statements.flatMap(actionsOf).filter((action) => /^(dynamodb|s3|cognito-idp|secretsmanager):/.test(action));
    expect(dataActions.sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query', 'secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    expect(statements.flatMap(actionsOf).filter((action) => action.startsWith('sqs:')).sort()).toEqual(['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:ReceiveMessage']);

    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((alarm) => alarm.Properties.AlarmDescription as string);
    expect(alarms).toEqual(expect.arrayContaining([expect.stringContaining('A score report to an LMS gradebook failed every retry')]));
  });

  test("retention runs once a day by a schedule, reading, querying and deleting in the table only, with no user pool or bucket", () => {
    const [rule] = Object.values(template.findResources('AWS::Events::Rule', { Properties: { ScheduleExpression: Match.anyValue() } }));
    expect(rule.Properties.ScheduleExpression).toBe('cron(15 3 * * ? *)');
    const [[id, fn]] = Object.entries(template.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('Daily retention') } }));
    expect(rule.Properties.Targets[0]).toMatchObject({ Arn: { 'Fn::GetAtt': [id, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2 } });
    expect(Object.keys(fn.Properties.Environment.Variables)).not.toContain('BUCKET_NAME');
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes('RetentionScheduleRole'))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    expect(statements.flatMap((statement: { Action: string | string[] }) => statement.Action).sort()).toEqual(
      [
        'dynamodb:BatchGetItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'xray:PutTelemetryRecords',
        'xray:PutTraceSegments',
      ].sort(),
    );
  });

  test('text extraction runs on Object Created and Object Deleted under protected/ of the upload bucket, reading objects and writing text items and gathered search terms only', () => {
    const [rule] = Object.values(template.findResources('AWS::Events::Rule', { Properties: { Description: Match.stringLikeRegexp('protected/') } }));
    expect(rule.Properties.EventPattern).toMatchObject({
      source: ['aws.s3'],
      'detail-type': ['Object Created', 'Object Deleted'],
      detail: { object: { key: [{ prefix: 'protected/' }] } },
    });
    const [[id]] = Object.entries(template.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('Extracts the text') } }));
    expect(rule.Properties.Targets[0].Arn).toEqual({ 'Fn::GetAtt': [id, 'Arn'] });
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes('TextExtractionRole'))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    expect(statements.flatMap((statement: { Action: string | string[] }) => statement.Action).sort()).toEqual(
      // X-Ray's two: tracing is on in the stages' settings.
      ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'logs:CreateLogStream', 'logs:PutLogEvents', 's3:GetObject', 's3:PutObject', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments'].sort(),
    );
  });

  test('the OneRoster sync runs on Object Created under oneroster-sync/, reads and deletes only there, may do what the import route may, with a dead-letter queue and its alarm', () => {
    const [rule] = Object.values(template.findResources('AWS::Events::Rule', { Properties: { Description: Match.stringLikeRegexp('OneRoster') } }));
    expect(rule.Properties.EventPattern).toMatchObject({ source: ['aws.s3'], 'detail-type': ['Object Created'], detail: { object: { key: [{ prefix: 'oneroster-sync/' }] } } });
    expect(rule.Properties.Targets[0]).toMatchObject({ RetryPolicy: { MaximumRetryAttempts: 2 }, DeadLetterConfig: { Arn: expect.anything() } });
    const [[id, fn]] = Object.entries(template.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('OneRoster') } }));
    expect(rule.Properties.Targets[0].Arn).toEqual({ 'Fn::GetAtt': [id, 'Arn'] });
    expect(fn.Properties.Timeout).toBe(900);
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes('RosterSyncRole'))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
    const actions = statements.flatMap(actionsOf);
    expect(actions).toEqual(expect.arrayContaining([...iamActionsOf(routeDeployment.importOneRoster).filter((action) => !action.startsWith('s3:')), 's3:GetObject', 's3:DeleteObject']));
    const s3Resources = statements.filter((statement) => actionsOf(statement).some((action) => action.startsWith('s3:'))).map((statement) => JSON.stringify(statement.Resource));
    expect(s3Resources).toEqual([expect.stringContaining('/oneroster-sync/*')]);
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((alarm) => alarm.Properties.AlarmName ?? alarm.Properties.AlarmDescription);
    expect(JSON.stringify(alarms)).toContain('OneRoster package whose nightly sync');
  });

  test('the OneRoster sync\'s prefix is the stage setting oneRosterSyncPrefix: its events and its reads and deletes follow it', () => {
    const moved = synthesize(WITH_SETTINGS_CHANGED); // oneRosterSyncPrefix: 'sis/nightly/'
    try {
      const api = moved.templates.api;
      const [rule] = Object.values(api.findResources('AWS::Events::Rule', { Properties: { Description: Match.stringLikeRegexp('OneRoster') } }));
      expect(rule.Properties.EventPattern).toMatchObject({ detail: { object: { key: [{ prefix: 'sis/nightly/' }] } } });
      const s3Statements = Object.values(api.findResources('AWS::IAM::Policy'))
        .filter((policy) => JSON.stringify(policy.Properties.Roles).includes('RosterSyncRole'))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[])
        .filter((statement) => actionsOf(statement).some((action) => action.startsWith('s3:')));
      expect(s3Statements.map((statement) => JSON.stringify(statement.Resource))).toEqual([expect.stringContaining('/sis/nightly/*')]);
    } finally {
      moved.cleanup();
    }
    expect(() => synthesize({ region: 'eu-west-1', context: { oneRosterSyncPrefix: 'protected/sis/' } })).toThrow(/oneRosterSyncPrefix \(from -c oneRosterSyncPrefix=protected\/sis\/\): must lie outside protected\//);
  }, 60_000);

  test.each(deployedRoutes)('%s runs the newest Node.js on arm64', (_, route) => {
    const [, fn] = functionFor(route);
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Handler: 'index.handler' });
  });

  test.each(deployedRoutes)('%s is told only the store names its route uses (the table always: the rate limit), and where the origin-verify values are', (_, route) => {
    const [, fn] = functionFor(route);
    const variables = fn.Properties.Environment.Variables as Record<string, unknown>;
    expect(Object.keys(variables).sort()).toEqual(
      [
        'TABLE_NAME',
        ...(route.bucket === 'none' ? [] : ['BUCKET_NAME']),
        ...(route.userPool === 'none' ? [] : ['USER_POOL_ID']),
        ...('scoreReports' in route ? ['LTI_SCORE_QUEUE_URL'] : []),
        ...(route.toolKeys ? ['LTI_TOOL_KEYS_SECRET_ID'] : []),
        ...(route.fileLinks ? ['FILE_LINK_KEYS_SECRET_ID', 'FILE_LINK_KEY_GENERATION', 'FILE_LINK_KEY_ID'] : []),
        ...(route.frameAncestors ? ['LTI_FRAME_ANCESTORS_STORE'] : []),
        'ORIGIN_VERIFY_SECRET_ID',
        'ORIGIN_VERIFY_GENERATION',
        'POWERTOOLS_SERVICE_NAME',
        'POWERTOOLS_TRACE_ENABLED',
      ].sort(),
    );
    // The secret's name, read at run time: no secret value in the environment, resolved or not.
    expect(variables).toMatchObject({
      ORIGIN_VERIFY_SECRET_ID: 'prod-learning-paths/origin-verify',
      ORIGIN_VERIFY_GENERATION: '1',
      POWERTOOLS_SERVICE_NAME: 'prod-learning-paths-api',
    });
    expect(JSON.stringify(variables)).not.toContain('resolve:');
    if (route.toolKeys) expect(variables.LTI_TOOL_KEYS_SECRET_ID).toBe('prod-learning-paths/lti-tool-keys');
    if (route.fileLinks) {
      // The deployed generation's key: its name in the secret and the id CloudFront gave its public key.
      expect(variables).toMatchObject({ FILE_LINK_KEYS_SECRET_ID: 'prod-learning-paths/file-link-keys', FILE_LINK_KEY_GENERATION: '1', FILE_LINK_KEY_ID: { Ref: publicKeyIds()[0] } });
    }
  });

  test.each(deployedRoutes)('%s may publish the LMSs that frame the app (describe and put a key of that one store) only if its deployment says so', (_, route) => {
    const storeId = Object.keys(template.findResources('AWS::CloudFront::KeyValueStore'))[0];
    const statements = statementsFor(route).filter((s) => actionsOf(s).some((action) => action.startsWith('cloudfront')));
    if (!route.frameAncestors) return expect(statements).toEqual([]);
    expect(statements.flatMap(actionsOf).sort()).toEqual(['cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:PutKey']);
    // That store's ARN, and nothing wider.
    const storeArn = { 'Fn::GetAtt': [storeId, 'Arn'] };
    expect(statements.flatMap((statement) => [statement.Resource].flat())).toEqual([storeArn]);
    const [, fn] = functionFor(route);
    expect(fn.Properties.Environment.Variables.LTI_FRAME_ANCESTORS_STORE).toEqual(storeArn);
  });

  test.each(deployedRoutes)('%s may read the origin-verify secret, the tool keys or the file link keys where it signs with them, and nothing else of Secrets Manager', (_, route) => {
    const secretId = secretNamed('prod-learning-paths/origin-verify');
    const statements = statementsFor(route).filter((s) => actionsOf(s).some((action) => action.startsWith('secretsmanager:')));
    expect([...new Set(statements.flatMap(actionsOf))].sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    const resources = statements.flatMap((statement) => [statement.Resource].flat());
    // The tool keys by name (the secret lives in the public endpoints' stack): its ARN with Secrets Manager's suffix.
    const toolKeys = resources.filter((resource) => JSON.stringify(resource).includes(':secret:prod-learning-paths/lti-tool-keys-??????'));
    expect(toolKeys).toHaveLength(route.toolKeys ? 1 : 0);
    const others = resources.filter((resource) => !toolKeys.includes(resource)).map((resource) => JSON.stringify(resource));
    expect(others.sort()).toEqual([{ Ref: secretId }, ...(route.fileLinks ? [{ Ref: secretNamed('prod-learning-paths/file-link-keys') }] : [])].map((resource) => JSON.stringify(resource)).sort());
  });

  test('the origin-verify secret holds the first generation\'s value under g1, and -c originVerifyGeneration sets the generation the functions and CloudFront use', () => {
    const secret = resources[secretNamed('prod-learning-paths/origin-verify')];
    expect(secret.Properties).toMatchObject({
      Name: 'prod-learning-paths/origin-verify',
      GenerateSecretString: { SecretStringTemplate: '{}', GenerateStringKey: 'g1', ExcludePunctuation: true, PasswordLength: 48 },
    });
    const rotated = synthesize(WITH_SETTINGS_CHANGED); // originVerifyGeneration: '2'
    try {
      // The route functions: text extraction, the OneRoster sync, retention and the LTI score sender serve no request.
      const functions = Object.values(rotated.templates.api.findResources('AWS::Lambda::Function')).filter((fn) => !/^(Extracts|Applies the OneRoster|Daily retention|Posts LTI scores|Custom resource: makes a file link key pair)/.test(fn.Properties.Description));
      expect(new Set(functions.map((fn) => fn.Properties.Environment.Variables.ORIGIN_VERIFY_GENERATION))).toEqual(new Set(['2']));
      expect(JSON.stringify(rotated.templates.web.findResources('AWS::CloudFront::Distribution'))).toContain(
        '{{resolve:secretsmanager:prod-learning-paths/origin-verify:SecretString:g2::}}',
      );
    } finally {
      rotated.cleanup();
    }
    expect(() => synthesize({ region: 'eu-west-1', context: { originVerifyGeneration: 'two' } })).toThrow(/originVerifyGeneration \(from -c originVerifyGeneration=two\)/);
  }, 60_000);

  test('routes without files get no bucket name; upload routes get the table, where they record the uploads they start', () => {
    expect(routeDeployment.listClasses.bucket).toBe('none');
    expect(Object.keys(functionFor(routes.listClasses)[1].Properties.Environment.Variables)).not.toContain('BUCKET_NAME');
    expect(Object.keys(functionFor(routes.markComplete)[1].Properties.Environment.Variables)).not.toContain('BUCKET_NAME');
    expect(Object.keys(functionFor(routes.createUpload)[1].Properties.Environment.Variables)).toContain('TABLE_NAME');
  });

  test('the data exports may run up to the HTTP API\'s 30 s, a route without a reason to 10 s', () => {
    expect([routes.exportOwnData, routes.exportPersonData, routes.listClasses].map((route) => functionFor(route)[1].Properties.Timeout)).toEqual([29, 29, 10]);
  });

  test('every function logs to its own log group with a retention', () => {
    const functions = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    for (const fn of functions) {
      const logGroupId = fn.Properties.LoggingConfig.LogGroup.Ref;
      expect(resources[logGroupId].Properties.RetentionInDays).toBe(30);
    }
  });

  test('no function role carries an AWS managed policy', () => {
    template.allResourcesProperties('AWS::IAM::Role', { ManagedPolicyArns: Match.absent() });
  });
});

describe('routes', () => {
  test("each feature's functions and routes are a nested stack of their own, and only the parent holds the API and its stage", () => {
    const features = routesByFeature(deployedRoutes);
    const nested = cloudFormationTemplates.filter(([name]) => name.startsWith('prod-LearningPaths-Api/'));
    // The public endpoints (the LTI tool's) are a stack of their own too (infra/test/public-endpoints.test.ts).
    expect(nested.map(([name]) => name.split('/')[1]).sort()).toEqual([...[...features.keys()].map((feature) => `${feature}Routes`), 'PublicEndpoints'].sort());
    for (const [name, child] of nested.filter(([nestedName]) => nestedName.endsWith('Routes'))) {
      const feature = name.split('/')[1].replace(/Routes$/, '');
      const routeKeys = Object.values(child.Resources).filter((r) => r.Type === 'AWS::ApiGatewayV2::Route').map((r) => r.Properties!.RouteKey as string);
      expect(routeKeys.sort()).toEqual(features.get(feature)!.map(([, route]) => describeRoute(route)).sort());
      expect(Object.values(child.Resources).filter((r) => r.Type === 'AWS::Lambda::Function')).toHaveLength(routeKeys.length);
      expect(Object.values(child.Resources).filter((r) => /^AWS::ApiGatewayV2::(Api|Stage|Authorizer)$/.test(r.Type))).toEqual([]);
    }
    expect(routeFeature('/api/admin/people/{userId}/role')).toBe('AdminPeople');
    expect(routeFeature('/api/modules/{id}/sections/{sectionId}/check')).toBe('Modules');
    // A route that names its stack deploys there, whatever its path.
    expect(features.get('ModulePaths')!.map(([name]) => name).sort()).toEqual(['checkPath', 'previewPath']);
  });

  test('one route per route-table entry and per public endpoint, and no others', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Route', deployedRoutes.length + Object.keys(ltiEndpoints).length);
  });

  test.each(deployedRoutes)('%s is routed to its own function behind the Cognito JWT authorizer', (_, route) => {
    const authorizerId = Object.keys(template.findResources('AWS::ApiGatewayV2::Authorizer'))[0];
    const routes = template.findResources('AWS::ApiGatewayV2::Route', {
      Properties: { RouteKey: describeRoute(route), AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizerId } },
    });
    expect(Object.keys(routes)).toHaveLength(1);
    const integrationId = Object.values(routes)[0].Properties.Target['Fn::Join'][1][1].Ref;
    const [functionId] = functionFor(route);
    expect(resources[integrationId].Properties.IntegrationUri).toEqual({ 'Fn::GetAtt': [functionId, 'Arn'] });
  });

  test('the authorizer trusts the user pool as issuer and the web client as audience', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Issuer: { 'Fn::Join': ['', ['https://cognito-idp.eu-west-1.amazonaws.com/', Match.anyValue()]] },
        Audience: [Match.anyValue()],
      },
    });
  });

  test('every route has its own throttle under the stage limit, writes lower than reads', () => {
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0];
    const settings = stage.Properties.RouteSettings as Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>;
    const publicRouteKeys = Object.values(ltiEndpoints).map(({ method, path }) => `${method} ${path}`);
    expect(Object.keys(settings).sort()).toEqual([...deployedRoutes.map(([, route]) => `${route.method} ${route.path}`), ...publicRouteKeys].sort());
    const rate = (name: keyof typeof routes) => settings[`${routes[name].method} ${routes[name].path}`].ThrottlingRateLimit;
    for (const [name, route] of deployedRoutes) {
      expect(settings[`${route.method} ${route.path}`]).toEqual({
        ThrottlingRateLimit: routeThrottle(PROD_THROTTLES, name, route).rateLimit,
        ThrottlingBurstLimit: routeThrottle(PROD_THROTTLES, name, route).burstLimit,
      });
      expect(rate(name)).toBeLessThan(PROD_THROTTLES.stage.rateLimit);
      if (route.method !== 'GET') expect(rate(name)).toBeLessThan(rate('getModule'));
    }
    expect(rate('createUpload')).toBeLessThan(rate('markComplete'));
    // What a whole class does at once is a student write: completions, check attempts, reading reports.
    for (const name of ['markComplete', 'submitAttempt', 'recordReading'] as const) expect(rate(name)).toBe(PROD_THROTTLES.routes.studentWrite.rateLimit);
    // Each bulk request makes up to 25 AdminCreateUser (quota 50/s) or 100 AdminGetUser (quota 120/s) calls.
    expect(rate('invitePeople') * PEOPLE_LIMITS.invitationBatchMax).toBeLessThanOrEqual(50);
    expect(rate('lookupPeople') * PEOPLE_LIMITS.lookupMax).toBeLessThanOrEqual(120);
    // Route settings name routes, so the stage is deployed after the feature stacks that hold them.
    const featureStacks = Object.keys(template.findResources('AWS::CloudFormation::Stack'));
    expect(featureStacks.length).toBeGreaterThan(1);
    expect(stage.DependsOn).toEqual(expect.arrayContaining(featureStacks));
  });

  test('the stage is throttled and writes access logs to a log group with a retention', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: PROD_THROTTLES.stage.rateLimit, ThrottlingBurstLimit: PROD_THROTTLES.stage.burstLimit },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context\\.requestId') },
    });
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0];
    const logGroupId = stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt'][0];
    expect(resources[logGroupId].Properties.RetentionInDays).toBe(30);
  });
});

describe('least privilege per route', () => {
  /**
   * The grants every function has for what apiHandler does to every caller, each on items of one key prefix: the
   * per-caller rate limit (request counters) and the access records.
   */
  const isKeyPrefixGrant = (statement: Statement) => JSON.stringify(statement.Condition ?? {}).includes('dynamodb:LeadingKeys');
  const onPrefix = (prefix: string) => (statement: Statement) => JSON.stringify(statement.Condition ?? {}).includes(`"${prefix}*"`);
  const isRequestCounterGrant = onPrefix(REQUEST_COUNTER_PREFIX);
  const routeStatements = (route: RouteDefinition) => statementsFor(route).filter((statement) => !isKeyPrefixGrant(statement));

  // The data actions (not logs or tracing) each function is granted for its route.
  const dataActions = (route: RouteDefinition) =>
    routeStatements(route)
      .flatMap(actionsOf)
      .filter((action) => /^(dynamodb|s3|cognito-idp):/.test(action))
      .sort();

  test.each(deployedRoutes)('%s is granted exactly the actions its deployment declares', (_, route) => {
    expect(dataActions(route)).toEqual(iamActionsOf(route));
  });

  test.each(deployedRoutes)('%s reaches objects under protected/ only, and never lists the bucket without a prefix', (_, route) => {
    for (const statement of statementsFor(route).filter((s) => actionsOf(s).some((action) => action.startsWith('s3:')))) {
      if (actionsOf(statement).includes('s3:ListBucket')) {
        expect(statement.Condition).toEqual({ StringLike: { 's3:prefix': expect.arrayContaining([`protected/*`]) } });
      } else {
        expect(JSON.stringify(statement.Resource)).toMatch(/\/protected\/\*"\]\]\}$/);
      }
    }
  });

  test.each(deployedRoutes)('%s may update the request counters (RATE#…) of the table, and nothing else through that grant', (_, route) => {
    const grants = statementsFor(route).filter(isRequestCounterGrant);
    expect(grants).toHaveLength(1);
    expect(actionsOf(grants[0])).toEqual(['dynamodb:UpdateItem']);
    expect(grants[0].Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${REQUEST_COUNTER_PREFIX}*`] } });
    expect(JSON.stringify(grants[0].Resource)).not.toContain('*');
    expect(JSON.stringify(grants[0].Resource)).not.toContain('/index/');
  });

  test.each(deployedRoutes)('%s may read its callers\' access records (ACCESS#…) with their erase jobs (ERASURE#…), and update the records only if it admits admins', (_, route) => {
    const grants = statementsFor(route).filter(onPrefix(PERSON_ACCESS_PREFIX));
    const under = (...prefixes: string[]) => ({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((prefix) => `${prefix}*`) } });
    expect(grants.map((grant) => ({ actions: actionsOf(grant), condition: grant.Condition }))).toEqual([
      { actions: ['dynamodb:BatchGetItem'], condition: under(PERSON_ACCESS_PREFIX, ERASURE_JOB_PREFIX) },
      ...(admitsAdmins(route) ? [{ actions: ['dynamodb:UpdateItem'], condition: under(PERSON_ACCESS_PREFIX) }] : []),
    ]);
    for (const grant of grants) {
      expect(JSON.stringify(grant.Resource)).not.toContain('*');
      expect(JSON.stringify(grant.Resource)).not.toContain('/index/');
    }
  });

  test.each(deployedRoutes)('%s reaches the table and its index by name, without wildcards', (_, route) => {
    const tableStatements = routeStatements(route).filter((s) => actionsOf(s).some((action) => action.startsWith('dynamodb:')));
    for (const statement of tableStatements) {
      expect(JSON.stringify(statement.Resource)).not.toContain('*');
      expect(JSON.stringify(statement.Resource)).toContain(`/index/${TABLE_KEYS.byOwnerIndex.name}`);
    }
  });

  test('the issue-11 findings stay fixed: module writes cannot batch-write or touch uploads, readers never list (only the erase lists, a person folder)', () => {
    const granted = (name: keyof typeof routes) => dataActions(routes[name]);
    expect(granted('createModule')).not.toEqual(expect.arrayContaining(['dynamodb:BatchWriteItem']));
    for (const name of ['updateModule', 'deleteModule'] as const) {
      expect(granted(name).filter((action) => /^s3:(PutObject|AbortMultipartUpload)$/.test(action))).toEqual([]);
    }
    expect(deployedRoutes.filter(([, route]) => dataActions(route).includes('s3:ListBucket')).map(([name]) => name)).toEqual(['erasePerson']);
  });
});

describe('the people directory', () => {
  test.each(deployedRoutes)('%s may call exactly the Cognito actions it declares, on the user pool only', (_, route) => {
    const statements = statementsFor(route).filter((s) => actionsOf(s).some((action) => action.startsWith('cognito-idp:')));
    const declared = (route.userPool === 'none' ? [] : route.userPool).map((action) => `cognito-idp:${action}`).sort();
    expect(statements.flatMap(actionsOf).sort()).toEqual(declared);
    for (const statement of statements) {
      expect(statement.Resource).toEqual({ 'Fn::ImportValue': expect.stringMatching(/^prod-LearningPaths-Auth:ExportsOutputFnGetAttUserPool\w*Arn/) });
    }
  });
});
