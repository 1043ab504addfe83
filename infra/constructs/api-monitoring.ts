// What tells someone the API is failing before a teacher does: alarms on the API's 5xx rate, 4xx rate, 429s (its
// throttles or the per-person limit refusing people: traffic beyond the capacity model) and p95 latency, on each
// function's errors and throttles (crashes and timeouts: a 500 the handler caught shows in the 5xx rate and as the
// ServerError metric), on DynamoDB throttling and on events left in a dead-letter queue, all notifying the stage's SNS topic in the API's region (alarm-topic.ts);
// and a dashboard of the same signals next to the business metrics the functions emit. docs/runbook.md has an entry
// per alarm (its construct id).
import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { ComparisonOperator, Dashboard, GraphWidget, MathExpression, Metric, type Alarm, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { Operation, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { BUSINESS_METRICS, METRICS_NAMESPACE, SERVER_ERROR_METRIC } from '../../shared/metrics';
import { stageName } from '../stage';
import { AlarmTopic, type AlarmSettings } from './alarm-topic';

/** Thresholds, in one place: what counts as the API failing. */
export const ALARM_THRESHOLDS = {
  /** Percentage of requests answered 5xx over 5 minutes. */
  serverErrorRatePercent: 5,
  /** p95 of the API's latency over 5 minutes, three periods in a row. */
  p95LatencyMs: 2000,
  /** Percentage of requests answered 4xx over 5 minutes, three periods in a row (expired tokens and 404s are normal). */
  clientErrorRatePercent: 10,
  /** Percentage of requests answered 429 over 5 minutes: people refused by a throttle. */
  throttledRatePercent: 1,
} as const;

/** The runbook entry of every function's errors-and-throttles alarm. */
const FUNCTION_RUNBOOK_ENTRY = 'FunctionErrorsAndThrottles';

/** The API's 429s, counted from its access log (HTTP APIs publish 4xx, not 429): metric name in METRICS_NAMESPACE. */
export const THROTTLED_METRIC = 'ApiThrottled';

export interface ApiMonitoringProps {
  httpApi: IHttpApi;
  /** The API's access log (JSON lines with `status`), where its 429s are counted. */
  accessLogs: ILogGroup;
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

export class ApiMonitoring extends Construct {
  readonly topic: Topic;
  private readonly alarms: AlarmTopic;
  private readonly serviceName: string;
  private readonly dashboardName: string;
  /** The watched functions by the construct (a feature's stack) that holds them, charted one graph each. */
  private readonly functionGroups = new Map<string, IFunction[]>();
  private readonly apiWidgets: GraphWidget[];

  constructor(scope: Construct, id: string, props: ApiMonitoringProps) {
    super(scope, id);

    this.alarms = new AlarmTopic(this, { alarmEmail: props.alarmEmail, displayName: `Learning Paths alarms (${props.stage})` });
    this.topic = this.alarms.topic;
    this.serviceName = props.serviceName;
    this.dashboardName = stageName(props.stage, 'LearningPaths');
    const alarm = (alarmId: string, settings: AlarmSettings) => this.alarm(this, alarmId, alarmId, settings);

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

    const clientErrors = props.httpApi.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const clientErrorRate = new MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: clientErrors },
      period: FIVE_MINUTES,
      label: 'API 4xx rate (%)',
    });
    alarm('ApiClientErrorRate', {
      alarmDescription: `More than ${ALARM_THRESHOLDS.clientErrorRatePercent}% of API requests answered 4xx for 15 minutes`,
      metric: clientErrorRate,
      threshold: ALARM_THRESHOLDS.clientErrorRatePercent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
    });

    const throttledFilter = new MetricFilter(this, 'ThrottledRequests', {
      logGroup: props.accessLogs,
      filterPattern: FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: METRICS_NAMESPACE,
      metricName: THROTTLED_METRIC,
      metricValue: '1',
      dimensions: { service: '$.service' },
    });
    const throttled = throttledFilter.metric({ period: FIVE_MINUTES, statistic: 'Sum', dimensionsMap: { service: props.serviceName } });
    const throttledRate = new MathExpression({
      expression: 'IF(requests > 0, 100 * throttled / requests, 0)',
      usingMetrics: { requests, throttled },
      period: FIVE_MINUTES,
      label: 'API 429 rate (%)',
    });
    alarm('ApiThrottledRate', {
      alarmDescription: `More than ${ALARM_THRESHOLDS.throttledRatePercent}% of API requests answered 429 in 5 minutes: traffic beyond the capacity model (docs/capacity.md).`,
      metric: throttledRate,
      threshold: ALARM_THRESHOLDS.throttledRatePercent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });

    this.apiWidgets = [
      new GraphWidget({ title: 'API requests and 5xx', left: [requests, serverErrors], right: [serverErrorRate], width: 12 }),
      new GraphWidget({ title: 'API 4xx and 429', left: [clientErrors, throttled], right: [clientErrorRate, throttledRate], width: 12 }),
      new GraphWidget({ title: 'API latency p95 (ms)', left: [p95Latency], width: 12 }),
      new GraphWidget({ title: 'DynamoDB throttled requests', left: [tableThrottles], width: 12 }),
    ];
  }

  /** An alarm on a route function's errors and throttles, in the scope (the route's feature stack) that holds it. */
  watchFunction(scope: Construct, routeName: string, fn: IFunction): void {
    this.functionGroups.set(scope.node.id, [...(this.functionGroups.get(scope.node.id) ?? []), fn]);
    this.alarm(scope, `${routeName}ErrorsAndThrottles`, FUNCTION_RUNBOOK_ENTRY, {
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

  /** An alarm when any event is left in a dead-letter queue: it failed every retry and waits for someone. */
  watchDeadLetterQueue(scope: Construct, alarmId: string, queue: IQueue, what: string): void {
    this.alarm(scope, alarmId, alarmId, {
      alarmDescription: `${what} failed every retry and waits in the dead-letter queue.`,
      metric: queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
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

  private alarm(scope: Construct, alarmId: string, runbookEntry: string, settings: AlarmSettings): Alarm {
    return this.alarms.alarm(scope, alarmId, runbookEntry, settings);
  }
}
