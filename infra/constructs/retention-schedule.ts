// The scheduled retention run (functions/src/school-year/handlers/run-retention.ts): an EventBridge rule starts it once
// a day, never a request. It lists the classes, removes the students' data of those archived longer than the school's
// retention, marks them and writes the audit trail. A failed run is retried twice; the next day's run finishes what one
// left (the removal is idempotent), so no dead-letter queue holds anything worth a look.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as FunctionTarget } from 'aws-cdk-lib/aws-events-targets';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunction, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { ApiMonitoring } from './api-monitoring';
import { handlerCode, LAMBDA_ARCHITECTURE, LAMBDA_RUNTIME } from './bundling';
import { bindTable } from './route-function';

export const RETENTION_HANDLER = 'school-year/handlers/run-retention';

/** 03:15 UTC: after the school day everywhere the product is used, before the next. */
export const RETENTION_SCHEDULE = { minute: '15', hour: '3' } as const;

export interface RetentionScheduleProps {
  table: ITableV2;
  serviceName: string;
  logRetention: RetentionDays;
  tracing: boolean;
  /** Alarms on its errors and throttles, as on every route function. */
  monitoring: ApiMonitoring;
}

export class RetentionSchedule extends Construct {
  readonly function: LambdaFunction;

  constructor(scope: Construct, id: string, props: RetentionScheduleProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description: "Removes students' data of classes archived past the school's retention" });
    logGroup.grantWrite(role);

    this.function = new LambdaFunction(this, 'Function', {
      description: "Daily retention: removes students' data of classes archived longer than the school's setting",
      ...handlerCode(RETENTION_HANDLER, props.tracing),
      runtime: LAMBDA_RUNTIME,
      architecture: LAMBDA_ARCHITECTURE,
      memorySize: 512,
      // A school's year-end: many classes at once, each a handful of queries and batch deletes.
      timeout: Duration.minutes(15),
      role,
      logGroup,
      environment: {
        TABLE_NAME: props.table.tableName,
        POWERTOOLS_SERVICE_NAME: props.serviceName,
        ...(props.tracing ? { POWERTOOLS_TRACE_ENABLED: 'true' } : {}),
      },
      tracing: props.tracing ? Tracing.ACTIVE : Tracing.DISABLED,
    });
    // Reads the setting and the classes (and the user pool never: the run is named, not looked up), queries the
    // classes' partitions and attempt histories, deletes in batches, marks the class item, writes the audit entries.
    bindTable(this.function, props.table, ['ReadByKey', 'Query', 'BatchWriteItem', 'UpdateItem', 'PutItem']);
    props.monitoring.watchFunction(this, 'retention', this.function);

    new Rule(this, 'Daily', {
      description: "Once a day: the school's retention of students' data in archived classes",
      schedule: Schedule.cron(RETENTION_SCHEDULE),
      targets: [new FunctionTarget(this.function, { retryAttempts: 2, maxEventAge: Duration.hours(6) })],
    });

    if (props.tracing) {
      NagSuppressions.addResourceSuppressions(role, [{ id: 'AwsSolutions-IAM5', reason: 'X-Ray trace and telemetry writes support no resource-level permissions.', appliesTo: ['Resource::*'] }], true);
    }
  }
}
