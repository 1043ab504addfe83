// The score reports queue's function and the SQS adapters: a message whose send fails is reported as failed after
// being hidden for the retry rule's delay (not on its last try: SQS then moves it to the dead-letter queue); a body
// that is no report is dropped; the reporter's queue sends one message per report, ids only.
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { ChangeMessageVisibilityCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { LTI_SCORE_DELIVERY } from '@shared/lti';
import { makeSqsScoreQueue, retryMessageLater } from '../adapters/sqs-score-queue';
import type { LtiScoreMessage } from '../port';
import type { ScoreSender } from '../scores';
import { makeHandler, parseScoreMessage } from './send-lti-scores';

const sqs = mockClient(SQSClient);
beforeEach(() => sqs.reset());

const MESSAGE: LtiScoreMessage = { classId: 'class-1', moduleId: 'module-1', studentId: 'student-1', platformId: 'canvas', resourceLinkId: 'rl-1' };

const record = (messageId: string, body: string, receiveCount: number): SQSRecord =>
  ({ messageId, receiptHandle: `handle-${messageId}`, body, attributes: { ApproximateReceiveCount: String(receiveCount) } }) as unknown as SQSRecord;

test('reports the failed sends, each hidden for its delay, and lets the rest go', async () => {
  const sent: LtiScoreMessage[] = [];
  const sender = { send: async (message: LtiScoreMessage) => (message.studentId === 'down' ? Promise.reject(new Error('HTTP 503')) : (sent.push(message), 'posted' as const)) } as ScoreSender;
  const delays: [string, number][] = [];
  const handler = makeHandler(sender, async (handle, seconds) => void delays.push([handle, seconds]));
  const event: SQSEvent = {
    Records: [
      record('ok', JSON.stringify(MESSAGE), 1),
      record('first', JSON.stringify({ ...MESSAGE, studentId: 'down' }), 1),
      record('third', JSON.stringify({ ...MESSAGE, studentId: 'down' }), 3),
      record('last', JSON.stringify({ ...MESSAGE, studentId: 'down' }), LTI_SCORE_DELIVERY.maxDeliveries),
      record('junk', '{"classId": 7}', 1),
    ],
  };

  const result = await handler(event);

  expect(sent).toEqual([MESSAGE]);
  expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'first' }, { itemIdentifier: 'third' }, { itemIdentifier: 'last' }]);
  expect(delays).toEqual([
    ['handle-first', 60],
    ['handle-third', 240],
  ]);
});

test('a report is exactly its five ids', () => {
  expect(parseScoreMessage(JSON.stringify({ ...MESSAGE, extra: 'x' }))).toEqual(MESSAGE);
  expect(parseScoreMessage(JSON.stringify({ ...MESSAGE, resourceLinkId: '' }))).toBeUndefined();
  expect(parseScoreMessage('not json')).toBeUndefined();
});

test('the queue sends one message per report with its ids; a retry hides the message for the delay', async () => {
  sqs.on(SendMessageCommand).resolves({ MessageId: 'm' });
  sqs.on(ChangeMessageVisibilityCommand).resolves({});
  const url = 'https://sqs.eu-west-1.amazonaws.com/123456789012/score-reports';

  await makeSqsScoreQueue(url).send([MESSAGE, { ...MESSAGE, platformId: 'moodle' }]);
  await retryMessageLater(url, 'handle-1', 120);

  expect(sqs).toHaveReceivedCommandTimes(SendMessageCommand, 2);
  expect(sqs).toHaveReceivedCommandWith(SendMessageCommand, { QueueUrl: url, MessageBody: JSON.stringify(MESSAGE) });
  expect(sqs).toHaveReceivedCommandWith(ChangeMessageVisibilityCommand, { QueueUrl: url, ReceiptHandle: 'handle-1', VisibilityTimeout: 120 });
});
