// The function that extracts each uploaded file's text (functions/src/search/handlers/extract-text.ts), run by EventBridge on
// the upload bucket's "Object Created" events under protected/, never by a request, and on its "Object Deleted" events
// to drop a deleted file's terms. It reads objects and writes the text items, the owners' text versions and their
// gathered search terms (an object in their folder); a failed invocation is retried twice, then kept in a queue.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunction, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { ApiMonitoring } from './api-monitoring';
import { handlerCode, LAMBDA_ARCHITECTURE, LAMBDA_RUNTIME } from './bundling';
import { bindTable, bindUploads, UPLOADS_PREFIX } from './route-function';
import { runOnStoredObjects } from './stored-object-events';

export const EXTRACTION_HANDLER = 'search/handlers/extract-text';

export interface TextExtractionProps {
  table: ITableV2;
  uploadsBucket: IBucket;
  serviceName: string;
  logRetention: RetentionDays;
  tracing: boolean;
  /** Alarms on its errors and throttles, as on every route function. */
  monitoring: ApiMonitoring;
}

export class TextExtraction extends Construct {
  readonly function: LambdaFunction;

  constructor(scope: Construct, id: string, props: TextExtractionProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description: 'Extracts the text of uploaded files' });
    logGroup.grantWrite(role);

    this.function = new LambdaFunction(this, 'Function', {
      description: 'Extracts the text of uploaded files, and forgets a deleted file\'s terms (protected/)',
      ...handlerCode(EXTRACTION_HANDLER, props.tracing),
      runtime: LAMBDA_RUNTIME,
      architecture: LAMBDA_ARCHITECTURE,
      // pdf.js and a 100 MiB file in memory; the reading itself stops at 30 s (shared/section-text.ts).
      memorySize: 1536,
      timeout: Duration.seconds(90),
      role,
      logGroup,
      environment: {
        TABLE_NAME: props.table.tableName,
        BUCKET_NAME: props.uploadsBucket.bucketName,
        POWERTOOLS_SERVICE_NAME: props.serviceName,
        ...(props.tracing ? { POWERTOOLS_TRACE_ENABLED: 'true' } : {}),
      },
      tracing: props.tracing ? Tracing.ACTIVE : Tracing.DISABLED,
    });
    // The text item and the owner's text version: PutItem and UpdateItem.
    bindTable(this.function, props.table, ['PutItem', 'UpdateItem']);
    // The uploads it reads; the owner's gathered search terms it reads and writes back (shared/storage.ts `searchTerms`).
    bindUploads(this.function, props.uploadsBucket, ['GetObject', 'PutObject']);
    props.monitoring.watchFunction(this, 'textExtraction', this.function);

    runOnStoredObjects(this, this.function, {
      bucket: props.uploadsBucket,
      prefix: UPLOADS_PREFIX,
      changes: ['Object Created', 'Object Deleted'],
      ruleId: 'FileStoredOrDeleted',
      description: 'A file stored or deleted under protected/ in the upload bucket',
      maxEventAge: Duration.hours(2),
      monitoring: props.monitoring,
      alarmId: 'TextExtractionDeadLetters',
      what: 'A stored file whose text extraction',
      events: 'the extraction events',
    });

    NagSuppressions.addResourceSuppressions(
      role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason: `Uploaded objects are keyed per user and per upload at runtime (${UPLOADS_PREFIX}{sub}/{upload id}/{name}); reads are limited to that prefix.`,
          appliesTo: [{ regex: `/^Resource::.+\\/${UPLOADS_PREFIX.slice(0, -1)}\\/\\*$/` }],
        },
        ...(props.tracing ? [{ id: 'AwsSolutions-IAM5', reason: 'X-Ray trace and telemetry writes support no resource-level permissions.', appliesTo: ['Resource::*'] }] : []),
      ],
      true,
    );
  }
}
