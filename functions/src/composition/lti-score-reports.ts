// Builds the score reporter the check attempts call: the module's LTI links over the table, and the queue the reports
// wait in (SQS in AWS, named by LTI_SCORE_QUEUE_URL; the local stack's in-process queue on this machine).
import { inProcessScoreQueue } from '../lti/adapters/in-process-score-queue';
import { makeSqsScoreQueue } from '../lti/adapters/sqs-score-queue';
import { makeScoreReporter } from '../lti/scores';
import { ltiLinkStore } from './table-stores';

export function buildScoreReporter() {
  const queueUrl = process.env.LTI_SCORE_QUEUE_URL;
  return makeScoreReporter({ links: ltiLinkStore(), queue: queueUrl ? makeSqsScoreQueue(queueUrl) : inProcessScoreQueue });
}
