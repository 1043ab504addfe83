// For jest.mock factories, which cannot import: the real api-client module (ApiError and the rest) with only the
// named api calls, each a jest.fn() the test answers.
import type * as ApiClient from '../lib/api-client';

export function mockApiClient(...calls: (keyof typeof ApiClient.api)[]) {
  const actual = jest.requireActual<typeof ApiClient>('../lib/api-client');
  return { ...actual, api: Object.fromEntries(calls.map((call) => [call, jest.fn()])) };
}
