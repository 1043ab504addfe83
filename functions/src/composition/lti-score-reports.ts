// Builds the score reporter the check attempts call: the module's LTI links over the table, and the queue the reports
// wait in: the SQS queue LTI_SCORE_QUEUE_URL names in AWS, or `in-process` (the local stack's queue on this machine).
import { IN_PROCESS_SCORE_QUEUE, inProcessScoreQueue } from '../lti/adapters/in-process-score-queue';
import { makeSqsScoreQueue } from '../lti/adapters/sqs-score-queue';
import { makeScoreReporter } from '../lti/scores';
import { requiredEnv } from '../platform/env';
import { ltiLinkStore } from './table-stores';

export function buildScoreReporter() {
  const queueUrl = requiredEnv('LTI_SCORE_QUEUE_URL');
  return makeScoreReporter({ links: ltiLinkStore(), queue: queueUrl === IN_PROCESS_SCORE_QUEUE ? inProcessScoreQueue : makeSqsScoreQueue(queueUrl) });
}
