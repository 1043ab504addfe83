// The nightly OneRoster sync (functions/src/rosters/handlers/sync-one-roster.ts): EventBridge runs it on the upload
// bucket's "Object Created" events under the sync prefix, where the school's information system drops its package.
// It may do to the table and the user pool what the import route may (the same use case), and read and delete only
// under that prefix (the stage's oneRosterSyncPrefix);
// a failed invocation is retried twice, then kept in a queue, which raises an alarm.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Function as LambdaFunction, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { SCHOOL_SIGN_IN_PROVIDERS_ENV } from '../../shared/school-sign-in';
import { routeDeployment } from '../route-deployment';
import type { ApiMonitoring } from './api-monitoring';
import { handlerCode, LAMBDA_ARCHITECTURE, LAMBDA_RUNTIME } from './bundling';
import { bindTable, bindUserPool } from './route-function';
import { runOnStoredObjects } from './stored-object-events';

export const ROSTER_SYNC_HANDLER = 'rosters/handlers/sync-one-roster';

export interface RosterSyncProps {
  table: ITableV2;
  uploadsBucket: IBucket;
  userPool: IUserPool;
  serviceName: string;
  logRetention: RetentionDays;
  tracing: boolean;
  /** Where the information system drops its packages (the stage's `oneRosterSyncPrefix`): the events and the reads. */
  prefix: string;
  /** The stage's providers and their domains (JSON), where school sign-in is on: imported accounts get no e-mail. */
  schoolSignInProviders?: string;
  monitoring: ApiMonitoring;
}

export class RosterSync extends Construct {
  readonly function: LambdaFunction;

  constructor(scope: Construct, id: string, props: RosterSyncProps) {
    super(scope, id);
    const { prefix } = props;
    const logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description: 'Applies the nightly OneRoster package' });
    logGroup.grantWrite(role);

    this.function = new LambdaFunction(this, 'Function', {
      description: `Applies the OneRoster package stored under ${prefix}`,
      ...handlerCode(ROSTER_SYNC_HANDLER, props.tracing),
      runtime: LAMBDA_RUNTIME,
      architecture: LAMBDA_ARCHITECTURE,
      memorySize: 1024,
      // A first import of a whole school makes thousands of accounts at Cognito's pace (AdminCreateUser: 50 a second).
      timeout: Duration.minutes(15),
      role,
      logGroup,
      environment: {
        TABLE_NAME: props.table.tableName,
        BUCKET_NAME: props.uploadsBucket.bucketName,
        USER_POOL_ID: props.userPool.userPoolId,
        POWERTOOLS_SERVICE_NAME: props.serviceName,
        ...(props.schoolSignInProviders ? { [SCHOOL_SIGN_IN_PROVIDERS_ENV]: props.schoolSignInProviders } : {}),
        ...(props.tracing ? { POWERTOOLS_TRACE_ENABLED: 'true' } : {}),
      },
      tracing: props.tracing ? Tracing.ACTIVE : Tracing.DISABLED,
    });
    // The same use case as the import route: the same table and user pool actions.
    bindTable(this.function, props.table, routeDeployment.importOneRoster.table);
    bindUserPool(this.function, props.userPool, routeDeployment.importOneRoster.userPool);
    this.function.addToRolePolicy(
      // Read, then deleted once its run is recorded.
      new PolicyStatement({ effect: Effect.ALLOW, actions: ['s3:GetObject', 's3:DeleteObject'], resources: [props.uploadsBucket.arnForObjects(`${prefix}*`)] }),
    );
    props.monitoring.watchFunction(this, 'rosterSync', this.function);

    runOnStoredObjects(this, this.function, {
      bucket: props.uploadsBucket,
      prefix,
      ruleId: 'PackageStored',
      description: `A OneRoster package stored under ${prefix} in the upload bucket`,
      maxEventAge: Duration.hours(6),
      monitoring: props.monitoring,
      alarmId: 'RosterSyncDeadLetters',
      what: 'A OneRoster package whose nightly sync',
      events: 'the sync events',
    });

    NagSuppressions.addResourceSuppressions(
      role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason: `The information system names its packages (${prefix}{any name}); reads and deletes are limited to that prefix.`,
          appliesTo: [{ regex: `/^Resource::.+\\/${prefix.slice(0, -1).replace(/[./]/g, (character) => `\\${character}`)}\\/\\*$/` }],
        },
        ...(props.tracing ? [{ id: 'AwsSolutions-IAM5', reason: 'X-Ray trace and telemetry writes support no resource-level permissions.', appliesTo: ['Resource::*'] }] : []),
      ],
      true,
    );
  }
}
