// CloudFront's 5xx alarm: in us-east-1 (CloudFront's metrics are only there) with its own topic, watching the stage's
// distribution, whose id the Web stack writes to an SSM parameter there.
import type { Template } from 'aws-cdk-lib/assertions';
import type { SynthesisMessage } from 'aws-cdk-lib/cx-api';
import { EDGE_ALARM_THRESHOLDS } from '../stacks/edge-stack';
import { distributionIdParameterName } from '../stage';
import { synthesize, type Synthesized } from './synthesize';

let app: Synthesized;
let edge: Template;
beforeAll(() => {
  app = synthesize();
  edge = app.templates.edge;
}, 120_000);
afterAll(() => app.cleanup());

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
const resourcesOf = (t: Template, type: string) => Object.entries(t.toJSON().Resources as Record<string, Resource>).filter(([, r]) => r.Type === type);

test("the Edge stack is in us-east-1 and deploys after the Web stack", () => {
  const manifest = app.cloudFormationTemplates.map(([name]) => name);
  expect(manifest).toContain('prod-LearningPaths-Edge');
  const [[, edgeAlarm]] = resourcesOf(edge, 'AWS::CloudWatch::Alarm');
  expect(edgeAlarm).toBeDefined();
  expect(app.stackNames).toContain('prod-LearningPaths-Edge');
});

test(`alarms when over ${EDGE_ALARM_THRESHOLDS.serverErrorRatePercent}% of the distribution's responses are 5xx for 10 minutes, judged from ${EDGE_ALARM_THRESHOLDS.minimumRequests} requests`, () => {
  const alarms = resourcesOf(edge, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties);
  expect(alarms).toHaveLength(1);
  const [alarm] = alarms;
  expect(alarm).toMatchObject({ Threshold: EDGE_ALARM_THRESHOLDS.serverErrorRatePercent, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 2 });
  expect(alarm.AlarmDescription).toMatch(/Runbook: docs\/runbook\.md#cloudfrontservererrorrate$/);
  const stats = alarm.Metrics.filter((m: any) => m.MetricStat).map((m: any) => m.MetricStat);
  expect(stats.map((stat: any) => [stat.Metric.MetricName, stat.Stat]).sort()).toEqual([['5xxErrorRate', 'Average'], ['Requests', 'Sum']]);
  const [parameterName] = Object.keys(edge.toJSON().Parameters).filter((name) => edge.toJSON().Parameters[name].Type === 'AWS::SSM::Parameter::Value<String>');
  expect(edge.toJSON().Parameters[parameterName].Default).toBe(distributionIdParameterName('prod'));
  for (const stat of stats) {
    expect(stat.Metric).toMatchObject({ Namespace: 'AWS/CloudFront' });
    expect(stat.Metric.Dimensions).toEqual(expect.arrayContaining([{ Name: 'DistributionId', Value: { Ref: parameterName } }, { Name: 'Region', Value: 'Global' }]));
  }
  expect(alarm.Metrics.find((m: any) => m.Expression).Expression).toBe(`IF(requests >= ${EDGE_ALARM_THRESHOLDS.minimumRequests}, rate, 0)`);
});

test('notifies a topic of its own region when it fires and clears, under a key only this account\'s alarms may use, removed with the stack', () => {
  const [[topicId]] = resourcesOf(edge, 'AWS::SNS::Topic');
  const [alarm] = resourcesOf(edge, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties);
  expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
  expect(alarm.OKActions).toEqual([{ Ref: topicId }]);
  const [[, key]] = resourcesOf(edge, 'AWS::KMS::Key');
  expect(key).toMatchObject({ DeletionPolicy: 'Delete', Properties: { EnableKeyRotation: true, PendingWindowInDays: 7 } });
  const cloudWatch = key.Properties.KeyPolicy.Statement.find((s: any) => s.Principal?.Service === 'cloudwatch.amazonaws.com');
  expect(cloudWatch.Condition).toMatchObject({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } });
  edge.hasParameter('AlarmEmail', { Type: 'String', Default: '' });
  edge.hasOutput('AlarmTopicArn', { Value: { Ref: topicId } });
});

test('the Web stack writes the distribution id to that parameter in us-east-1, and removes it with the stack', () => {
  const [[, writer]] = resourcesOf(app.templates.web, 'Custom::AWS').filter(([id]) => id.startsWith('DistributionIdParameter'));
  const create = JSON.stringify(writer.Properties.Create);
  expect(create).toContain('"action\\":\\"PutParameter\\"');
  expect(create).toContain('"region\\":\\"us-east-1\\"');
  expect(create).toContain(distributionIdParameterName('prod'));
  expect(JSON.stringify(writer.Properties.Delete)).toContain('DeleteParameter');
});

test('cdk-nag finds nothing unsuppressed in the Edge stack', () => {
  const findings = (messages: SynthesisMessage[]) => messages.filter((m) => (m.level === 'error' || m.level === 'warning') && String(m.entry.data).includes('AwsSolutions-'));
  expect(findings(app.messages.edge)).toEqual([]);
  expect(findings(app.messages.web)).toEqual([]);
});
