// Score reports in AWS: one SQS message each (ids only), which the sender function receives; a failed send comes back
// later (functions/src/lti/handlers/send-lti-scores.ts sets when), and after the last try it waits in the dead-letter
// queue under an alarm (infra/constructs/lti-score-delivery.ts).
import { ChangeMessageVisibilityCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { traced } from '../../platform/tracing';
import type { ScoreQueue } from '../port';

let client: SQSClient | undefined;
const sqs = () => (client ??= traced(new SQSClient({})));

export function makeSqsScoreQueue(queueUrl: string): ScoreQueue {
  return {
    async send(messages) {
      await Promise.all(messages.map((message) => sqs().send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }))));
    },
  };
}

/** Makes a received message visible again only after `seconds` (the queue's back-off between tries). */
export async function retryMessageLater(queueUrl: string, receiptHandle: string, seconds: number): Promise<void> {
  await sqs().send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: receiptHandle, VisibilityTimeout: seconds }));
}
