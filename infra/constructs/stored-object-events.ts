// A function run by EventBridge on the upload bucket's object events under one prefix: a failed invocation is retried
// twice, then its event is kept 14 days in a dead-letter queue, whose first message raises an alarm. Text extraction
// (protected/, objects created and deleted) and the nightly OneRoster sync (oneroster-sync/, created) are run this way.
import { Duration } from 'aws-cdk-lib';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import type { StoredObjectChange } from '../../functions/src/search/handlers/extract-text';
import type { ApiMonitoring } from './api-monitoring';

export interface StoredObjectEvents {
  bucket: IBucket;
  prefix: string;
  /** The events it runs on (functions/src/search/handlers/extract-text.ts `StoredObjectChange`); "Object Created" alone when left out. */
  changes?: StoredObjectChange[];
  /** The rule's id and description. */
  ruleId: string;
  description: string;
  /** How long EventBridge keeps retrying an event. */
  maxEventAge: Duration;
  monitoring: ApiMonitoring;
  /** The dead-letter alarm's id (its runbook entry) and what it is about ("A stored file whose text extraction"). */
  alarmId: string;
  what: string;
  /** The events, as the queue's nag suppression names them. */
  events: string;
}

export function runOnStoredObjects(scope: Construct, fn: IFunction, props: StoredObjectEvents): void {
  const failed = new Queue(scope, 'FailedEvents', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  new Rule(scope, props.ruleId, {
    description: props.description,
    eventPattern: {
      source: ['aws.s3'],
      detailType: props.changes ?? ['Object Created'],
      detail: { bucket: { name: [props.bucket.bucketName] }, object: { key: [{ prefix: props.prefix }] } },
    },
    targets: [new LambdaFunction(fn, { retryAttempts: 2, maxEventAge: props.maxEventAge, deadLetterQueue: failed })],
  });
  props.monitoring.watchDeadLetterQueue(scope, props.alarmId, failed, props.what);
  NagSuppressions.addResourceSuppressions(failed, [{ id: 'AwsSolutions-SQS3', reason: `This queue is the dead-letter queue of ${props.events}; it has none itself.` }]);
}
