// The per-caller rate limit through the local stack, at the product's own number (CALLER_RATE_LIMIT): one person
// sending requests as fast as they can is answered 429 with a sentence and Retry-After once their window is full,
// while another person of the same school is still served. Windows start on the clock's minute, so a burst may span
// two of them: the refusal comes after one or two windows' worth of requests, never sooner and never later.
import { CALLER_RATE_LIMIT } from '../../shared/constants';
import { startWorld, type World } from './support/world';

jest.setTimeout(180_000);

let world: World;

beforeAll(async () => {
  world = await startWorld({ callerRateLimit: CALLER_RATE_LIMIT.requestsPerWindow });
});

afterAll(() => world?.stop());

it('refuses one noisy person with 429 and Retry-After, and keeps serving everyone else', async () => {
  const limit = CALLER_RATE_LIMIT.requestsPerWindow;
  let served = 0;
  let refusal;
  while (!refusal && served <= 2 * limit) {
    const answers = await Promise.all(Array.from({ length: 10 }, () => world.call('listModules', { as: world.teacher })));
    for (const answer of answers) {
      if (answer.status === 200) served += 1;
      else refusal ??= answer;
    }
  }
  expect(refusal).toMatchObject({
    status: 429,
    body: { message: expect.stringMatching(new RegExp(`^You are sending requests faster than the app allows \\(${limit} in ${CALLER_RATE_LIMIT.windowSeconds} seconds\\)\\. Wait \\d+ seconds, then try again\\.$`)) },
  });
  expect(served).toBeGreaterThanOrEqual(limit);
  expect(served).toBeLessThanOrEqual(2 * limit);
  const retryAfter = Number(refusal!.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(CALLER_RATE_LIMIT.windowSeconds);
  expect(refusal!.body.message).toContain(`Wait ${retryAfter} seconds`);

  expect((await world.call('listModules', { as: world.otherTeacher })).status).toBe(200);
  expect((await world.call('listStudentClasses', { as: world.student, params: { userId: world.student.userId } })).status).toBe(200);
});
