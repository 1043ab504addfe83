// GET /api/lti/deep-links/{requestId}: the caller and the path's id reach the use case; its refusals map to statuses.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { notFound } from '../../kernel/errors';
import { DEEP_LINK_NOT_FOUND } from '../deep-linking';
import { makeHandler } from './get-lti-deep-link';

const view = { requestId: 'request-1', platformName: 'Canvas', status: 'open' as const, modules: [{ moduleId: 'cells', title: 'Cells', graded: true }] };
const describe = jest.fn(async (caller: { userId: string }, requestId: string) => {
  if (caller.userId !== TEACHER_ID || requestId !== 'request-1') throw notFound(DEEP_LINK_NOT_FOUND);
  return view;
});
const get = (requestId: string, token = tokens.teacher) => invoke(makeHandler({ describe }), apiEvent(routes.getLtiDeepLink, { token, pathParameters: { requestId } }));

it('answers 200 with the teacher’s own request', async () => {
  expect(await get('request-1')).toMatchObject({ statusCode: 200, body: view });
  expect(describe).toHaveBeenLastCalledWith(expect.objectContaining({ userId: TEACHER_ID }), 'request-1');
});

it('answers 404 for another teacher’s request, 403 for a student, 400 for a malformed id', async () => {
  expect(await get('request-1', tokens.otherTeacher)).toMatchObject({ statusCode: 404, body: { message: DEEP_LINK_NOT_FOUND } });
  expect((await get('request-1', tokens.student)).statusCode).toBe(403);
  expect(await get('bad id!')).toMatchObject({ statusCode: 400, body: errorBody(/requestId/) });
});
