// The API's alarms, dashboard and notification topic, and X-Ray tracing behind its context flag.
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { SynthesisMessage } from 'aws-cdk-lib/cx-api';
import { routeEntries } from '../../shared/routes';
import { ALARM_THRESHOLDS } from '../constructs/api-monitoring';
import { synthesize, type Synthesized } from './synthesize';

let app: Synthesized;
let traced: Synthesized;
let template: Template;

beforeAll(() => {
  app = synthesize();
  traced = synthesize({ region: 'eu-west-1', context: { tracing: 'true' } });
  template = app.templates.api;
}, 120_000);
afterAll(() => {
  app.cleanup();
  traced.cleanup();
});

type Resource = { Type: string; Properties: Record<string, any> };
const resourcesOf = (t: Template, type: string) =>
  Object.entries(t.toJSON().Resources as Record<string, Resource>).filter(([, r]) => r.Type === type);
const alarms = () => resourcesOf(template, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties);
const topicId = () => resourcesOf(template, 'AWS::SNS::Topic')[0][0];

describe('notifications', () => {
  test('one SNS topic, encrypted with a rotating key CloudWatch may use, HTTPS only', () => {
    expect(resourcesOf(template, 'AWS::SNS::Topic')).toHaveLength(1);
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey*'] }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  test('e-mails the address given as the AlarmEmail deploy parameter', () => {
    template.hasParameter('AlarmEmail', { Type: 'String', AllowedPattern: Match.anyValue() });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: { Ref: 'AlarmEmail' },
      TopicArn: { Ref: topicId() },
    });
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
    expect(perFunction).toHaveLength(routeEntries.length);
    const functionIds = resourcesOf(template, 'AWS::Lambda::Function').map(([id]) => id).sort();
    const watched = perFunction.map((alarm) => alarm.Metrics.find((m: any) => m.MetricStat).MetricStat.Metric.Dimensions[0].Value.Ref).sort();
    expect(watched).toEqual(functionIds);
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

  test('is off unless the tracing context flag is set', () => {
    for (const fn of functionsOf(template)) {
      expect(fn.TracingConfig?.Mode ?? 'PassThrough').not.toBe('Active');
      expect(fn.Environment.Variables).not.toHaveProperty('POWERTOOLS_TRACE_ENABLED');
    }
  });

  test('with -c tracing=true, every function traces actively and traces its SDK clients', () => {
    const functions = functionsOf(traced.templates.api);
    expect(functions).toHaveLength(routeEntries.length);
    for (const fn of functions) {
      expect(fn.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Environment.Variables.POWERTOOLS_TRACE_ENABLED).toBe('true');
    }
  });

  test('with tracing on, cdk-nag still finds nothing unsuppressed', () => {
    const findings = (messages: SynthesisMessage[]) =>
      messages.filter((m) => (m.level === 'error' || m.level === 'warning') && String(m.entry.data).includes('AwsSolutions-'));
    expect(findings(traced.messages.api)).toEqual([]);
  });
});
