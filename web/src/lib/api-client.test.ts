import { ApiError, call } from './api-client';
import { configureApi, NO_CONNECTION } from './api-connection';

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

beforeAll(() => configureApi({ baseUrl: 'https://app.example', getAccessToken: async () => 'token' }));

it('turns a request that got no answer (offline, a dropped connection) into a sentence a person can act on, status 0', async () => {
  global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
  const failure = call('createClass', {}, { className: 'Year 7 Art' });
  await expect(failure).rejects.toBeInstanceOf(ApiError);
  await expect(failure).rejects.toMatchObject({ status: 0, message: NO_CONNECTION, cause: new TypeError('Failed to fetch') });
});

it("passes on the server's sentence and fields for an answer that is an error", async () => {
  const answer = { message: 'Class name is required.', fields: { className: 'Class name is required.' } };
  // jsdom has no Response: the part of one the client reads.
  global.fetch = jest.fn().mockResolvedValue({ ok: false, status: 400, statusText: 'Bad Request', text: async () => JSON.stringify(answer) });
  await expect(call('createClass', {}, { className: '' })).rejects.toMatchObject({
    status: 400,
    message: 'Class name is required.',
    fields: { className: 'Class name is required.' },
  });
});

it('sends a request asked for with keepalive so it can finish after the page is left, and others without', async () => {
  const answer = { sectionId: 's1', opened: 1, minutes: 0, page: 7 };
  global.fetch = jest.fn().mockResolvedValue({ ok: true, status: 200, text: async () => JSON.stringify(answer) });
  await expect(call('recordReading', { id: 'm1', sectionId: 's1' }, { classId: 'c1', page: 7 }, {}, { keepalive: true })).resolves.toEqual(answer);
  await call('recordReading', { id: 'm1', sectionId: 's1' }, { classId: 'c1', page: 7 });
  const [[url, first], [, second]] = jest.mocked(global.fetch).mock.calls;
  expect(url).toBe('https://app.example/api/modules/m1/sections/s1/reading');
  expect(first).toMatchObject({ method: 'PUT', keepalive: true, body: '{"classId":"c1","page":7}' });
  expect(second).not.toHaveProperty('keepalive');
});
