// The API's alarms, dashboard and notification topic, and X-Ray tracing (on in the stages' settings, -c tracing=false turns it off).
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { SynthesisMessage } from 'aws-cdk-lib/cx-api';
import { routeEntries } from '../../shared/contract';
import { ALARM_THRESHOLDS, THROTTLED_METRIC } from '../constructs/api-monitoring';
import { endpointsByHandler } from '../stacks/public-endpoints-stack';
import { WITH_SETTINGS_CHANGED } from './prebuilt-syntheses';
import { synthesize, type Synthesized } from './synthesize';

let app: Synthesized;
let untraced: Synthesized;
let template: Template;

beforeAll(() => {
  app = synthesize();
  untraced = synthesize(WITH_SETTINGS_CHANGED); // tracing: 'false'
  template = app.templates.api;
}, 120_000);
afterAll(() => {
  app.cleanup();
  untraced.cleanup();
});

type Resource = { Type: string; Properties: Record<string, any> };
const resourcesOf = (t: Template, type: string) =>
  Object.entries(t.toJSON().Resources as Record<string, Resource>).filter(([, r]) => r.Type === type);
const alarms = () => resourcesOf(template, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties);
const topicId = () => resourcesOf(template, 'AWS::SNS::Topic')[0][0];

const ACCOUNT = '123456789012';
const TOPIC_ARN = `arn:aws:sns:eu-west-1:${ACCOUNT}:alarms`;
const KEY_ARN = `arn:aws:kms:eu-west-1:${ACCOUNT}:key/alarms`;
const ALARM_ARN = `arn:aws:cloudwatch:eu-west-1:${ACCOUNT}:alarm:LearningPaths-Api-ApiServerErrorRate`;

/** A request as IAM sees it when it evaluates a resource policy. */
interface AccessRequest {
  principal: { Service: string } | { AWS: string };
  action: string;
  resource: string;
  context: Record<string, string>;
}
type Statement = { Effect: 'Allow' | 'Deny'; Principal: unknown; Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, unknown>> };

/**
 * Enough of IAM's policy evaluation for these policies: an explicit Deny wins, else an Allow grants, else nothing
 * does. Template values are resolved with the account, topic and key above; an unknown condition operator throws,
 * so a policy this evaluator cannot read fails the test instead of passing it.
 */
function evaluate(statements: Statement[], request: AccessRequest, refs: Record<string, string>): 'allowed' | 'explicitly denied' | 'implicitly denied' {
  const resolve = (value: unknown): string => {
    if (typeof value === 'string') return value;
    const { Ref, 'Fn::Join': join } = value as { Ref?: string; 'Fn::Join'?: [string, unknown[]] };
    if (Ref !== undefined && Ref in refs) return refs[Ref];
    if (join) return join[1].map(resolve).join(join[0]);
    throw new Error(`cannot resolve ${JSON.stringify(value)}`);
  };
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
  const glob = (pattern: string, value: string) =>
    new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.?+^$()[\]{}|\\]/g, '\\$&')).join('.*')}$`).test(value);
  const principalMatches = (principal: unknown) => {
    if (principal === '*') return true;
    const [[kind, names]] = Object.entries(principal as Record<string, unknown>);
    const requested = (request.principal as Record<string, string>)[kind];
    return list(names).some((name) => resolve(name) === '*' || resolve(name) === requested);
  };
  const conditionHolds = (operator: string, entries: Record<string, unknown>) =>
    Object.entries(entries).every(([key, expected]) => {
      const actual = request.context[key];
      if (actual === undefined) return false;
      const candidates = list(expected).map(resolve);
      if (operator === 'Bool' || operator === 'StringEquals') return candidates.includes(actual);
      if (operator === 'ArnLike') return candidates.some((pattern) => glob(pattern, actual));
      throw new Error(`condition operator ${operator} not understood`);
    });
  const matches = (statement: Statement) =>
    principalMatches(statement.Principal) &&
    list(statement.Action).some((action) => glob(action as string, request.action)) &&
    list(statement.Resource).some((resource) => glob(resolve(resource), request.resource)) &&
    Object.entries(statement.Condition ?? {}).every(([operator, entries]) => conditionHolds(operator, entries));
  const applicable = statements.filter(matches);
  if (applicable.some((statement) => statement.Effect === 'Deny')) return 'explicitly denied';
  return applicable.some((statement) => statement.Effect === 'Allow') ? 'allowed' : 'implicitly denied';
}

describe('notifications', () => {
  const refs = () => ({ 'AWS::AccountId': ACCOUNT, [topicId()]: TOPIC_ARN });
  const topicPolicy = () => {
    const [[, policy]] = resourcesOf(template, 'AWS::SNS::TopicPolicy');
    expect(policy.Properties.Topics).toEqual([{ Ref: topicId() }]);
    return policy.Properties.PolicyDocument.Statement as Statement[];
  };
  const alarmPublish = (context: Record<string, string>): AccessRequest => ({
    principal: { Service: 'cloudwatch.amazonaws.com' },
    action: 'sns:Publish',
    resource: TOPIC_ARN,
    context: { 'aws:SecureTransport': 'true', 'aws:SourceAccount': ACCOUNT, 'aws:SourceArn': ALARM_ARN, ...context },
  });

  test("one SNS topic, encrypted with a rotating key", () => {
    expect(resourcesOf(template, 'AWS::SNS::Topic')).toHaveLength(1);
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } });
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
  });

  test("the topic policy lets this account's alarms publish over TLS", () => {
    expect(evaluate(topicPolicy(), alarmPublish({}), refs())).toBe('allowed');
  });

  test('the topic policy refuses a publish without TLS, even from an alarm', () => {
    expect(evaluate(topicPolicy(), alarmPublish({ 'aws:SecureTransport': 'false' }), refs())).toBe('explicitly denied');
  });

  test("the topic policy does not let another account's alarms or anyone else publish", () => {
    const otherAccount = '210987654321';
    const otherAlarm = alarmPublish({ 'aws:SourceAccount': otherAccount, 'aws:SourceArn': ALARM_ARN.replace(ACCOUNT, otherAccount) });
    expect(evaluate(topicPolicy(), otherAlarm, refs())).toBe('implicitly denied');
    const stranger: AccessRequest = { ...alarmPublish({}), principal: { AWS: `arn:aws:iam::${otherAccount}:root` } };
    expect(evaluate(topicPolicy(), stranger, refs())).toBe('implicitly denied');
  });

  test("the topic's key lets CloudWatch encrypt and decrypt the messages it publishes", () => {
    const [[keyId]] = resourcesOf(template, 'AWS::KMS::Key');
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] } });
    const [[, key]] = resourcesOf(template, 'AWS::KMS::Key');
    for (const action of ['kms:GenerateDataKey', 'kms:Decrypt']) {
      const request = { ...alarmPublish({}), action, resource: KEY_ARN };
      expect(evaluate(key.Properties.KeyPolicy.Statement, request, refs())).toBe('allowed');
    }
  });

  test("the topic's key refuses another account's alarms, and goes with the stack (no key left behind at 1 USD a month)", () => {
    const [[, key]] = resourcesOf(template, 'AWS::KMS::Key');
    const otherAccount = '210987654321';
    const otherAlarm = alarmPublish({ 'aws:SourceAccount': otherAccount, 'aws:SourceArn': ALARM_ARN.replace(ACCOUNT, otherAccount) });
    for (const action of ['kms:GenerateDataKey', 'kms:Decrypt']) {
      expect(evaluate(key.Properties.KeyPolicy.Statement, { ...otherAlarm, action, resource: KEY_ARN }, refs())).toBe('implicitly denied');
    }
    expect(key).toMatchObject({ DeletionPolicy: 'Delete', Properties: { PendingWindowInDays: 7 } });
  });

  test('e-mails the address given as the optional AlarmEmail deploy parameter, only when one is given', () => {
    template.hasParameter('AlarmEmail', { Type: 'String', Default: '', AllowedPattern: Match.anyValue() });
    const pattern = new RegExp(template.toJSON().Parameters.AlarmEmail.AllowedPattern);
    expect(['', 'ops@example.com'].filter((value) => pattern.test(value))).toEqual(['', 'ops@example.com']);
    expect(pattern.test('not an address')).toBe(false);
    const [[, subscription]] = resourcesOf(template, 'AWS::SNS::Subscription');
    expect(subscription.Properties).toEqual({ Protocol: 'email', Endpoint: { Ref: 'AlarmEmail' }, TopicArn: { Ref: topicId() } });
    const condition = (subscription as Resource & { Condition?: string }).Condition;
    expect(template.toJSON().Conditions[condition!]).toEqual({ 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'AlarmEmail' }, ''] }] });
  });

  test('the alarms exist whatever AlarmEmail says, and the topic ARN is an output to subscribe to later', () => {
    for (const [, alarm] of resourcesOf(template, 'AWS::CloudWatch::Alarm')) {
      expect(alarm).not.toHaveProperty('Condition');
    }
    template.hasOutput('AlarmTopicArn', { Value: { Ref: topicId() } });
  });

  test('every alarm notifies the topic when it fires and when it clears', () => {
    for (const alarm of alarms()) {
      expect(alarm.AlarmActions).toEqual([{ Ref: topicId() }]);
      expect(alarm.OKActions).toEqual([{ Ref: topicId() }]);
    }
  });
});

describe('alarms', () => {
  const metricNamesOf = (alarm: Record<string, any>): string[] =>
    alarm.Metrics ? alarm.Metrics.flatMap((m: any) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : [])) : [alarm.MetricName];

  test(`on the API 5xx rate above ${ALARM_THRESHOLDS.serverErrorRatePercent}%`, () => {
    const rate = alarms().filter((alarm) => metricNamesOf(alarm).includes('5xx'));
    expect(rate).toHaveLength(1);
    expect(metricNamesOf(rate[0]).sort()).toEqual(['5xx', 'Count']);
    expect(rate[0]).toMatchObject({ Threshold: ALARM_THRESHOLDS.serverErrorRatePercent, ComparisonOperator: 'GreaterThanThreshold' });
    expect(rate[0].Metrics.find((m: any) => m.Expression).Expression).toBe('IF(requests > 0, 100 * errors / requests, 0)');
  });

  test(`on the API p95 latency above ${ALARM_THRESHOLDS.p95LatencyMs} ms`, () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/ApiGateway',
      MetricName: 'Latency',
      ExtendedStatistic: 'p95',
      Threshold: ALARM_THRESHOLDS.p95LatencyMs,
      EvaluationPeriods: 3,
    });
  });

  test('on errors and throttles of every function, one alarm each', () => {
    const perFunction = alarms().filter((alarm) => metricNamesOf(alarm).sort().join() === 'Errors,Throttles');
    // The route functions, the public endpoints' (one per handler), the text extraction, OneRoster sync, retention, LTI
    // score sender and file link key generator.
    expect(perFunction).toHaveLength(routeEntries.length + endpointsByHandler().size + 5);
    const functionIds = resourcesOf(template, 'AWS::Lambda::Function').map(([id]) => id).sort();
    const watched = perFunction.map((alarm) => alarm.Metrics.find((m: any) => m.MetricStat).MetricStat.Metric.Dimensions[0].Value.Ref).sort();
    expect(watched).toEqual(functionIds);
  });

  test(`on the API 4xx rate above ${ALARM_THRESHOLDS.clientErrorRatePercent}% for 15 minutes`, () => {
    const rate = alarms().filter((alarm) => metricNamesOf(alarm).includes('4xx'));
    expect(rate).toHaveLength(1);
    expect(rate[0]).toMatchObject({ Threshold: ALARM_THRESHOLDS.clientErrorRatePercent, EvaluationPeriods: 3 });
  });

  test(`on 429s above ${ALARM_THRESHOLDS.throttledRatePercent}% of requests, counted from the access log's status per stage`, () => {
    const [[, filter]] = resourcesOf(template, 'AWS::Logs::MetricFilter');
    const [[accessLogsId]] = resourcesOf(template, 'AWS::ApiGatewayV2::Stage').map(([, stage]) => stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt']);
    expect(filter.Properties).toMatchObject({
      LogGroupName: { Ref: accessLogsId },
      FilterPattern: '{ $.status = "429" }',
      MetricTransformations: [{ MetricNamespace: 'LearningPaths', MetricName: THROTTLED_METRIC, MetricValue: '1', Dimensions: [{ Key: 'service', Value: '$.service' }] }],
    });
    const [stage] = resourcesOf(template, 'AWS::ApiGatewayV2::Stage').map(([, r]) => r.Properties);
    expect(JSON.parse(stage.AccessLogSettings.Format)).toMatchObject({ status: '$context.status', service: 'prod-learning-paths-api' });
    const rate = alarms().filter((alarm) => metricNamesOf(alarm).includes(THROTTLED_METRIC));
    expect(rate).toHaveLength(1);
    expect(rate[0]).toMatchObject({ Threshold: ALARM_THRESHOLDS.throttledRatePercent, EvaluationPeriods: 1 });
  });

  test('on any event left in a dead-letter queue (text extraction, the OneRoster sync, LTI score reports), one alarm each', () => {
    // The LTI score reports queue itself holds reports on their way: only its dead letters alarm.
    const queueIds = resourcesOf(template, 'AWS::SQS::Queue').map(([id]) => id).filter((id) => !id.startsWith('LtiScoreDeliveryReports')).sort();
    expect(queueIds).toHaveLength(3);
    const dead = alarms().filter((alarm) => alarm.MetricName === 'ApproximateNumberOfMessagesVisible');
    for (const alarm of dead) expect(alarm).toMatchObject({ Namespace: 'AWS/SQS', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(dead.map((alarm) => alarm.Dimensions[0].Value['Fn::GetAtt'][0]).sort()).toEqual(queueIds);
  });

  test('on DynamoDB throttled requests of every operation the repositories use', () => {
    const throttles = alarms().filter((alarm) => metricNamesOf(alarm).includes('ThrottledRequests'));
    expect(throttles).toHaveLength(1);
    const operations = throttles[0].Metrics.flatMap((m: any) => m.MetricStat?.Metric.Dimensions.filter((d: any) => d.Name === 'Operation').map((d: any) => d.Value) ?? []);
    expect(operations.sort()).toEqual(['BatchGetItem', 'BatchWriteItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']);
  });
});

test('a dashboard charts the API, the functions, the table and the business metrics', () => {
  const [[, dashboard]] = resourcesOf(template, 'AWS::CloudWatch::Dashboard');
  const body = JSON.stringify(dashboard.Properties.DashboardBody);
  for (const needle of ['5xx', 'Latency', 'Errors', 'Throttles', 'ThrottledRequests', 'ModuleCreated', 'SectionCompleted', 'UploadCompleted', 'RequestRefusedByRole', 'ServerError', 'ColdStart']) {
    expect(body).toContain(needle);
  }
});

describe('tracing', () => {
  const functionsOf = (t: Template) => resourcesOf(t, 'AWS::Lambda::Function').map(([, r]) => r.Properties);

  test('is on in the stages\' settings: every function traces actively and traces its SDK clients', () => {
    const functions = functionsOf(template);
    // The route functions, the public endpoints' (one per handler), the text extraction, OneRoster sync, retention, LTI
    // score sender and file link key generator.
    expect(functions).toHaveLength(routeEntries.length + endpointsByHandler().size + 5);
    for (const fn of functions) {
      expect(fn.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Environment.Variables.POWERTOOLS_TRACE_ENABLED).toBe('true');
    }
  });

  test('-c tracing=false turns it off', () => {
    for (const fn of functionsOf(untraced.templates.api)) {
      expect(fn.TracingConfig?.Mode ?? 'PassThrough').not.toBe('Active');
      expect(fn.Environment.Variables).not.toHaveProperty('POWERTOOLS_TRACE_ENABLED');
    }
  });

  test('with tracing on, cdk-nag still finds nothing unsuppressed', () => {
    const findings = (messages: SynthesisMessage[]) =>
      messages.filter((m) => (m.level === 'error' || m.level === 'warning') && String(m.entry.data).includes('AwsSolutions-'));
    expect(findings(app.messages.api)).toEqual([]);
  });
});
