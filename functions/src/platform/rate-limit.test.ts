// The per-caller rate limit: the count per person and window (one conditional UpdateItem), the 429 with Retry-After
// apiHandler answers once it is reached, and the setting (on by default, a number of requests, or off).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CALLER_RATE_LIMIT } from '@shared/constants';
import { routes } from '@shared/contract';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import { apiEvent, errorBody, invoke, TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { makeRequestCounter } from '../table/request-counter';
import { keys } from '../table/table';
import { apiHandler } from '../composition/api-handler';
import { ok } from './http';
import { callerRateLimit, rateLimitOver, type RequestCounter } from './rate-limit';

const { ddb } = mockAws();

const withSetting = <T>(value: string | undefined, build: () => T): T => {
  const saved = process.env.CALLER_RATE_LIMIT;
  if (value === undefined) delete process.env.CALLER_RATE_LIMIT;
  else process.env.CALLER_RATE_LIMIT = value;
  try {
    return build();
  } finally {
    if (saved === undefined) delete process.env.CALLER_RATE_LIMIT;
    else process.env.CALLER_RATE_LIMIT = saved;
  }
};

test('the request counter adds one to the person’s window item (under a hash of their id) while it is under the limit, with a time to live', async () => {
  const counter = makeRequestCounter({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 't' });
  const start = Date.parse('2024-05-01T10:00:00.000Z');
  await expect(counter.countRequest('user-1', { start, seconds: 60 }, 300)).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    TableName: 't',
    // SHA-256 of `rate:user-1`, cut to 24 hex digits: the id itself is in no counter.
    Key: { pk: 'RATE#33f96b9856b4c1d75574e809', sk: 'WINDOW#2024-05-01T10:00:00.000Z' },
    UpdateExpression: 'ADD requests :one SET #expires = if_not_exists(#expires, :expires)',
    ConditionExpression: 'attribute_not_exists(requests) OR requests < :limit',
    ExpressionAttributeNames: { '#expires': 'expiresAtEpoch' },
    ExpressionAttributeValues: { ':one': 1, ':limit': 300, ':expires': start / 1000 + 60 },
  });
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(counter.countRequest('user-1', { start, seconds: 60 }, 300)).resolves.toBe(false);
});

describe('rateLimitOver', () => {
  const windowMs = CALLER_RATE_LIMIT.windowSeconds * 1000;
  const counted: { userId: string; start: number }[] = [];
  let allow = true;
  const counter: RequestCounter = {
    countRequest: async (userId, window) => {
      counted.push({ userId, start: window.start });
      return allow;
    },
  };

  it('counts each request in the window it falls in, per person', async () => {
    const windowStart = 100 * windowMs;
    await rateLimitOver(counter, 5, () => windowStart + 1500)('a');
    await rateLimitOver(counter, 5, () => windowStart + windowMs)('b');
    expect(counted).toEqual([
      { userId: 'a', start: windowStart },
      { userId: 'b', start: windowStart + windowMs },
    ]);
  });

  it('refuses once the window is full, saying how long to wait (whole seconds until the next window)', async () => {
    allow = false;
    const check = rateLimitOver(counter, 5, () => 100 * windowMs + windowMs - 12_300);
    await expect(check('a')).rejects.toMatchObject({
      kind: 'tooMany',
      retryAfterSeconds: 13,
      message: `You are sending requests faster than the app allows (5 in ${CALLER_RATE_LIMIT.windowSeconds} seconds). Wait 13 seconds, then try again.`,
    });
  });
});

describe('apiHandler with the rate limit', () => {
  const handlerWith = (setting: string | undefined) =>
    withSetting(setting, () => apiHandler('listModules', async () => ok([])));

  it('is on by default: every request is counted under the caller’s sub (hashed), before the use case', async () => {
    await invoke(handlerWith(undefined), apiEvent(routes.listModules, { token: tokens.teacher }));
    expect(ddb).toReceiveCommandWith(UpdateCommand, {
      Key: { pk: keys.requestWindow(TEACHER_ID, '').pk, sk: expect.stringMatching(/^WINDOW#/) },
      ExpressionAttributeValues: expect.objectContaining({ ':limit': CALLER_RATE_LIMIT.requestsPerWindow }),
    });
  });

  it('answers 429 with a sentence and Retry-After once the caller’s window is full, and does not run the use case', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailure());
    const handler = withSetting('7', () => apiHandler('listModules', async () => {
      throw new Error('the use case ran');
    }));
    const answer = await invoke(handler, apiEvent(routes.listModules, { token: tokens.teacher }));
    expect(answer).toMatchObject({ statusCode: 429, body: errorBody(/faster than the app allows \(7 in/) });
    const retryAfter = Number(answer.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(CALLER_RATE_LIMIT.windowSeconds);
    expect(ddb).not.toReceiveCommand(QueryCommand);
  });

  it('is not consulted for a request without an access token', async () => {
    const answer = await invoke(handlerWith('7'), apiEvent(routes.listModules, { token: tokens.teacherIdToken }));
    expect(answer.statusCode).toBe(401);
    expect(ddb).not.toReceiveAnyCommand();
  });

  it('can be turned off (the handlers’ unit tests), and refuses a setting that is not a number of requests', async () => {
    const unbuilt = (): RequestCounter => {
      throw new Error('the counter was built');
    };
    await withSetting('off', () => callerRateLimit(unbuilt))(TEACHER_ID);
    expect(ddb).not.toReceiveAnyCommand();
    for (const setting of ['0', 'lots', '2.5']) {
      expect(() => withSetting(setting, () => callerRateLimit(unbuilt))).toThrow(/CALLER_RATE_LIMIT must be a whole number/);
    }
  });
});
