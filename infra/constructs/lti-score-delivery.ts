// LTI scores to the LMS gradebooks (functions/src/lti/scores.ts): the attempt route's function sends each score report
// (ids only) to a queue; the sender function receives it and posts the student's score as it is then to the line
// item. A failed post comes back after the retry rule's growing delay (the sender hides it for that long, shared/lti.ts);
// after the last try the message waits in a dead-letter queue (14 days) under an alarm. The sender reads the link,
// the registration, the module, its checks and the progress item (by key and by query), and the tool's keys.
import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { LTI_SCORE_DELIVERY } from '../../shared/lti';
import type { TableAccess } from '../route-deployment';
import type { ApiMonitoring } from './api-monitoring';
import { bindTable, bundledFunction, LTI_SCORE_QUEUE_ENV, LTI_TOOL_KEYS_SECRET_ENV } from './route-function';

export const LTI_SCORE_SENDER_HANDLER = 'lti/handlers/send-lti-scores';
/** The link, registration, module, check index and progress item by key; the module's links by query. */
export const LTI_SCORE_SENDER_TABLE: TableAccess = ['ReadByKey', 'Query'];
const SENDER_TIMEOUT_SECONDS = 60;

export interface LtiScoreDeliveryProps {
  table: ITableV2;
  serviceName: string;
  logRetention: RetentionDays;
  tracing: boolean;
  monitoring: ApiMonitoring;
}

export class LtiScoreDelivery extends Construct {
  readonly queue: Queue;

  constructor(scope: Construct, id: string, props: LtiScoreDeliveryProps) {
    super(scope, id);
    const deadLetters = new Queue(this, 'DeadLetters', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    this.queue = new Queue(this, 'Reports', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Lambda's advice: six times the function's timeout, so a batch still running is not received twice.
      visibilityTimeout: Duration.seconds(6 * SENDER_TIMEOUT_SECONDS),
      // Longer than every try with its delays (about a day).
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: LTI_SCORE_DELIVERY.maxDeliveries },
    });
    props.monitoring.watchDeadLetterQueue(this, 'LtiScoreDeadLetters', deadLetters, 'A score report to an LMS gradebook');
    NagSuppressions.addResourceSuppressions(deadLetters, [{ id: 'AwsSolutions-SQS3', reason: 'This queue is the dead-letter queue of the LTI score reports; it has none itself.' }]);
  }

  /** The sender, reading the tool's keys (to sign its token requests); made once the keys' secret exists. */
  addSender(props: LtiScoreDeliveryProps & { toolKeys: { secret: ISecret; secretName: string } }): LambdaFunction {
    const fn = bundledFunction(this, {
      description: 'Posts LTI scores to the LMS gradebooks (the score reports queue)',
      handler: LTI_SCORE_SENDER_HANDLER,
      timeoutSeconds: SENDER_TIMEOUT_SECONDS,
      environment: {
        TABLE_NAME: props.table.tableName,
        [LTI_TOOL_KEYS_SECRET_ENV]: props.toolKeys.secretName,
        [LTI_SCORE_QUEUE_ENV]: this.queue.queueUrl,
        POWERTOOLS_SERVICE_NAME: props.serviceName,
        ...(props.tracing ? { POWERTOOLS_TRACE_ENABLED: 'true' } : {}),
      },
      logRetention: props.logRetention,
      tracing: props.tracing,
    });
    bindTable(fn, props.table, LTI_SCORE_SENDER_TABLE);
    props.toolKeys.secret.grantRead(fn);
    // A few at a time: an LMS is not flooded when a class finishes a check together.
    fn.addEventSource(new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true, maxConcurrency: 5 }));
    props.monitoring.watchFunction(this, 'ltiScoreSender', fn);
    return fn;
  }
}
