// POST /api/lti/deep-links/{requestId}: the body is validated before the use case; its refusals map to statuses.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { conflict } from '../../kernel/errors';
import { DEEP_LINK_ANSWERED } from '../deep-linking';
import { makeHandler } from './answer-lti-deep-link';

const response = { returnUrl: 'https://lms.example.edu/return', jwt: 'header.payload.signature' };
let answered = false;
const answer = jest.fn(async () => {
  if (answered) throw conflict(DEEP_LINK_ANSWERED);
  answered = true;
  return response;
});
const post = (body: unknown, token = tokens.teacher) =>
  invoke(makeHandler({ answer }), apiEvent(routes.answerLtiDeepLink, { token, pathParameters: { requestId: 'request-1' }, body }));

beforeEach(() => {
  answered = false;
  answer.mockClear();
});

it('answers 200 with the response to post, for a module or for Cancel (null)', async () => {
  expect(await post({ moduleId: 'cells' })).toMatchObject({ statusCode: 200, body: response });
  expect(answer).toHaveBeenLastCalledWith(expect.objectContaining({ userId: TEACHER_ID }), 'request-1', 'cells');
  answered = false;
  expect(await post({ moduleId: null })).toMatchObject({ statusCode: 200, body: response });
  expect(answer).toHaveBeenLastCalledWith(expect.anything(), 'request-1', null);
});

it('answers 409 once answered', async () => {
  await post({ moduleId: 'cells' });
  expect(await post({ moduleId: 'cells' })).toMatchObject({ statusCode: 409, body: { message: DEEP_LINK_ANSWERED } });
});

it('answers 400 naming the field for a missing or malformed moduleId, 403 for a student, and calls nothing', async () => {
  expect(await post({})).toMatchObject({ statusCode: 400, body: errorBody(/moduleId/) });
  expect(await post({ moduleId: '../x' })).toMatchObject({ statusCode: 400, body: errorBody(/moduleId/) });
  expect((await post({ moduleId: 'cells' }, tokens.student)).statusCode).toBe(403);
  expect(answer).not.toHaveBeenCalled();
});
