// What tells someone the API is failing before a teacher does: alarms on the API's 5xx rate and p95 latency, on each
// function's errors and throttles (crashes and timeouts: a 500 the handler caught shows in the 5xx rate and as the
// ServerError metric), and on DynamoDB throttling, all notifying one SNS topic; and a dashboard of the same signals
// next to the business metrics the functions emit.
import { CfnCondition, Duration, Fn, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { type CfnSubscription, Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { BUSINESS_METRICS, METRICS_NAMESPACE, SERVER_ERROR_METRIC } from '../../shared/metrics';
import { stageName } from '../stage';

/** Thresholds, in one place: what counts as the API failing. */
export const ALARM_THRESHOLDS = {
  /** Percentage of requests answered 5xx over 5 minutes. */
  serverErrorRatePercent: 5,
  /** p95 of the API's latency over 5 minutes, three periods in a row. */
  p95LatencyMs: 2000,
} as const;

export interface ApiMonitoringProps {
  httpApi: IHttpApi;
  table: ITableV2;
  /** Where alarm notifications go (a deploy parameter); empty: no subscription, subscribe later. */
  alarmEmail: string;
  serviceName: string;
  /** The deployment's stage: the dashboard's name (account-wide) and the alarm e-mails' sender name carry it. */
  stage: string;
}

const FIVE_MINUTES = Duration.minutes(5);
/** The operations the repositories use (no Scan, no transactions). */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
];

type AlarmSettings = ConstructorParameters<typeof Alarm>[2];

export class ApiMonitoring extends Construct {
  readonly topic: Topic;
  private readonly notify: SnsAction;
  private readonly serviceName: string;
  private readonly dashboardName: string;
  /** The watched functions by the construct (a feature's stack) that holds them, charted one graph each. */
  private readonly functionGroups = new Map<string, IFunction[]>();
  private readonly apiWidgets: GraphWidget[];

  constructor(scope: Construct, id: string, props: ApiMonitoringProps) {
    super(scope, id);

    // Encrypted with a key of ours: CloudWatch cannot publish to a topic under the AWS managed SNS key.
    const key = new Key(this, 'TopicKey', { enableKeyRotation: true, description: 'Learning Paths alarm notifications' });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `Learning Paths alarms (${props.stage})`, masterKey: key, enforceSSL: true });
    // A topic policy replaces SNS's default one, so CloudWatch may publish only if this statement says so; limited to
    // this account's alarms so no other account's alarm can post to it.
    const { account, region, partition } = Stack.of(this);
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudWatchAlarmsToPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': account },
          ArnLike: { 'aws:SourceArn': `arn:${partition}:cloudwatch:${region}:${account}:alarm:*` },
        },
      }),
    );
    const hasAlarmEmail = new CfnCondition(this, 'HasAlarmEmail', {
      expression: Fn.conditionNot(Fn.conditionEquals(props.alarmEmail, '')),
    });
    const subscription = this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    (subscription.node.defaultChild as CfnSubscription).cfnOptions.condition = hasAlarmEmail;
    this.notify = new SnsAction(this.topic);
    this.serviceName = props.serviceName;
    this.dashboardName = stageName(props.stage, 'LearningPaths');
    const alarm = (alarmId: string, settings: AlarmSettings) => this.alarm(this, alarmId, settings);

    const requests = props.httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' });
    const serverErrors = props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const serverErrorRate = new MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      period: FIVE_MINUTES,
      label: 'API 5xx rate (%)',
    });
    alarm('ApiServerErrorRate', {
      alarmDescription: `More than ${ALARM_THRESHOLDS.serverErrorRatePercent}% of API requests answered 5xx in 5 minutes.`,
      metric: serverErrorRate,
      threshold: ALARM_THRESHOLDS.serverErrorRatePercent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });

    const p95Latency = props.httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p95' });
    alarm('ApiP95Latency', {
      alarmDescription: `API p95 latency above ${ALARM_THRESHOLDS.p95LatencyMs} ms for 15 minutes.`,
      metric: p95Latency,
      threshold: ALARM_THRESHOLDS.p95LatencyMs,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
    });

    const tableThrottles = props.table.metricThrottledRequestsForOperations({
      operations: TABLE_OPERATIONS,
      period: FIVE_MINUTES,
      statistic: 'Sum',
    });
    alarm('TableThrottledRequests', {
      alarmDescription: 'DynamoDB throttled requests to the table.',
      metric: tableThrottles,
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });

    this.apiWidgets = [
      new GraphWidget({ title: 'API requests and 5xx', left: [requests, serverErrors], right: [serverErrorRate], width: 12 }),
      new GraphWidget({ title: 'API latency p95 (ms)', left: [p95Latency], width: 12 }),
      new GraphWidget({ title: 'DynamoDB throttled requests', left: [tableThrottles], width: 12 }),
    ];
  }

  /** An alarm on a route function's errors and throttles, in the scope (the route's feature stack) that holds it. */
  watchFunction(scope: Construct, routeName: string, fn: IFunction): void {
    this.functionGroups.set(scope.node.id, [...(this.functionGroups.get(scope.node.id) ?? []), fn]);
    this.alarm(scope, `${routeName}ErrorsAndThrottles`, {
      alarmDescription: `The ${routeName} function crashed, timed out or was throttled.`,
      metric: new MathExpression({
        expression: 'errors + throttles',
        usingMetrics: {
          errors: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
          throttles: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
        },
        period: FIVE_MINUTES,
        label: `${routeName} errors + throttles`,
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });
  }

  /** The dashboard of the API, every watched function, the table and the business metrics; once all are watched. */
  addDashboard(): Dashboard {
    const custom = (metricName: string, statistic = 'Sum'): IMetric =>
      new Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service: this.serviceName }, period: FIVE_MINUTES, statistic });
    const dashboard = new Dashboard(this, 'Dashboard', { dashboardName: this.dashboardName, defaultInterval: Duration.hours(6) });
    dashboard.addWidgets(
      ...this.apiWidgets,
      ...[...this.functionGroups].map(
        ([group, functions]) =>
          new GraphWidget({
            title: `Lambda errors and throttles: ${group}`,
            left: functions.map((fn) => fn.metricErrors({ period: FIVE_MINUTES })),
            right: functions.map((fn) => fn.metricThrottles({ period: FIVE_MINUTES })),
            width: 12,
          }),
      ),
      new GraphWidget({
        title: 'Business events',
        left: Object.values(BUSINESS_METRICS).map((name) => custom(name)),
        width: 12,
      }),
      new GraphWidget({
        title: 'Server errors and cold starts',
        left: [custom(SERVER_ERROR_METRIC)],
        // Powertools publishes ColdStart per function (service and function_name dimensions).
        right: [
          new MathExpression({
            expression: `SEARCH('{${METRICS_NAMESPACE},function_name,service} MetricName="ColdStart" service="${this.serviceName}"', 'Sum', 300)`,
            usingMetrics: {},
            label: 'Cold starts',
          }),
        ],
        width: 12,
      }),
    );
    return dashboard;
  }

  private alarm(scope: Construct, alarmId: string, settings: AlarmSettings): Alarm {
    const created = new Alarm(scope, alarmId, { treatMissingData: TreatMissingData.NOT_BREACHING, ...settings });
    created.addAlarmAction(this.notify);
    created.addOkAction(this.notify);
    return created;
  }
}
