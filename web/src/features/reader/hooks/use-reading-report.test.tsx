/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// The reader's reports survive a busy API: a report throttled (429), failed (5xx) or unanswered is sent again with
// back-off until it lands; one refused for good (a 4xx) is not repeated; a page report a later page has overtaken is
// not sent again.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '@web/app/query-client';
import { answer, CONNECTION_FAILS, HttpError, withFakeApi } from '@web/testing/api-server';
import { PAGE_REPORT_DELAY_MS, REPORT_RETRY_DELAYS_MS, useReadingReport } from './use-reading-report';

withFakeApi();

const TARGET = { classId: 'c1', moduleId: 'm1', sectionId: 's1' };
const LONGEST_WAIT_MS = 1.5 * REPORT_RETRY_DELAYS_MS.at(-1)!;

beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'setImmediate', 'nextTick'] }));
afterEach(() => jest.useRealTimers());

function renderReporter() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useReadingReport(TARGET), { wrapper });
}

/** Lets every pending retry fire, one wait at a time. */
async function waitOutRetries() {
  for (let wait = 0; wait <= REPORT_RETRY_DELAYS_MS.length; wait += 1) {
    await act(async () => {
      await jest.advanceTimersByTimeAsync(LONGEST_WAIT_MS);
    });
  }
}

/**
 * Answers each report in turn with the next of `replies` ('ok': a success), then with success; answers the minute
 * beats (the fake clock runs minutes) with success and leaves them out of the list returned.
 */
function reportsAnswered(...replies: (HttpError | typeof CONNECTION_FAILS | 'ok')[]) {
  let waiting = [...replies];
  const received = answer('recordReading', ({ params, body }) => {
    if (body.minutes) return { sectionId: params.sectionId, opened: 1, minutes: 1 };
    const next = waiting[0];
    waiting = waiting.slice(1);
    return next && next !== 'ok' ? next : { sectionId: params.sectionId, opened: 1, minutes: 0, ...(body.page && { page: body.page }) };
  });
  return () => received.filter((report) => !report.body.minutes);
}

test.each([
  ['throttled (429)', new HttpError(429, 'Too Many Requests')],
  ['a server error (503)', new HttpError(503, 'Service Unavailable')],
  ['no answer', CONNECTION_FAILS],
] as const)('a report that failed, %s, is sent again until it lands', async (_case, failure) => {
  const reports = reportsAnswered(failure, failure, failure);
  renderReporter();
  await waitOutRetries();
  // Three failures, then the fourth try lands; nothing after it.
  expect(reports().map((report) => report.body)).toEqual(Array.from({ length: 4 }, () => ({ classId: 'c1', opened: true })));
});

test('a report is tried at most once more per back-off step, then dropped', async () => {
  const reports = reportsAnswered(...Array.from({ length: 20 }, () => new HttpError(429, 'Too Many Requests')));
  renderReporter();
  await waitOutRetries();
  await waitOutRetries();
  expect(reports()).toHaveLength(1 + REPORT_RETRY_DELAYS_MS.length);
});

test('a report refused for good (400) is not repeated', async () => {
  const reports = reportsAnswered(new HttpError(400, 'The class is not one of yours.'));
  renderReporter();
  await waitOutRetries();
  expect(reports()).toHaveLength(1);
});

test('a failed page report is not sent again once a later page has been reported', async () => {
  const reports = reportsAnswered('ok', new HttpError(429, 'Too Many Requests'));
  const { result } = renderReporter();
  await waitFor(() => expect(reports()).toHaveLength(1));
  act(() => result.current(5));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(PAGE_REPORT_DELAY_MS);
  });
  await waitFor(() => expect(reports()).toHaveLength(2));
  act(() => result.current(6));
  await waitOutRetries();
  expect(reports().map((report) => report.body.page)).toEqual([undefined, 5, 6]);
});
