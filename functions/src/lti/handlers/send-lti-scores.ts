// The function behind the score reports queue (SQS, never a request): each message names a student, a module in a
// class and one resource link; the sender posts the student's score as it is now to that link's line item. A send that
// fails (the LMS is down or refuses) is reported as this message's failure, after making it visible again only after
// the retry rule's delay (shared/lti.ts); after the last try SQS moves it to the dead-letter queue, under an alarm.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { LTI_SCORE_DELIVERY, ltiScoreRetrySeconds } from '@shared/lti';
import { buildScoreSender } from '../../composition/lti-scores';
import { domainLog } from '../../platform/logger';
import { requiredEnv } from '../../platform/env';
import { retryMessageLater } from '../adapters/sqs-score-queue';
import type { LtiScoreMessage } from '../port';
import type { ScoreSender } from '../scores';

const MESSAGE_FIELDS = ['classId', 'moduleId', 'studentId', 'platformId', 'resourceLinkId'] as const;

/** The message the reporter sent, or undefined for anything else (no retry can make it one). */
export function parseScoreMessage(body: string): LtiScoreMessage | undefined {
  try {
    const value = JSON.parse(body) as Record<string, unknown>;
    return MESSAGE_FIELDS.every((field) => typeof value?.[field] === 'string' && value[field]) ? (Object.fromEntries(MESSAGE_FIELDS.map((field) => [field, value[field]])) as unknown as LtiScoreMessage) : undefined;
  } catch {
    return undefined;
  }
}

export const makeHandler =
  (sender: ScoreSender, retryLater: (receiptHandle: string, seconds: number) => Promise<void>) =>
  async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures = await Promise.all(
      event.Records.map(async (record) => {
        const message = parseScoreMessage(record.body);
        if (!message) {
          domainLog.warn('A score report that is not one was dropped', { messageId: record.messageId });
          return [];
        }
        try {
          await sender.send(message);
          return [];
        } catch (error) {
          const delivery = Number(record.attributes.ApproximateReceiveCount) || 1;
          domainLog.warn('A score report failed; the queue tries again', { ...message, delivery, error: error instanceof Error ? error.message : String(error) });
          // After the last try SQS moves it to the dead-letter queue, whatever its visibility.
          if (delivery < LTI_SCORE_DELIVERY.maxDeliveries) await retryLater(record.receiptHandle, ltiScoreRetrySeconds(delivery));
          return [{ itemIdentifier: record.messageId }];
        }
      }),
    );
    return { batchItemFailures: failures.flat() };
  };

const queueUrl = requiredEnv('LTI_SCORE_QUEUE_URL');
export const handler = makeHandler(buildScoreSender(), (receiptHandle, seconds) => retryMessageLater(queueUrl, receiptHandle, seconds));
