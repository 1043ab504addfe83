// A fake API on the network (MSW) for page tests, so a page test covers the real API client too: the request the
// client builds (method, path, query, body, token) and how it reads answers and errors. Routes are named as in the
// contract (shared/contract/). A test file that uses it runs in `jest-fixed-jsdom` (jsdom with Node's fetch, streams
// and BroadcastChannel, which MSW needs) resolving packages for Node: it starts with
//   /**
//    * @jest-environment jest-fixed-jsdom
//    * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
//    */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { routes } from '@shared/contract/light';
import type { PathParams, RouteName, ResponseOf, RequestOf } from '@shared/contract';
import { configureApi } from '../lib/api-connection';

// Node's FormData, which jest-fixed-jsdom puts in place of jsdom's, takes no form; React builds one from a form whose
// submit handler starts a transition (a navigation does), as browsers can.
class FormDataOfForm extends FormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    for (const field of form ? Array.from(form.elements) : []) {
      if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement || field instanceof HTMLButtonElement)) continue;
      if (!field.name || field.matches(':disabled')) continue;
      if (field instanceof HTMLButtonElement || ['submit', 'image', 'reset', 'button'].includes(field.type)) {
        if (field === submitter) this.append(field.name, field.value);
      } else if (field instanceof HTMLSelectElement) {
        for (const option of Array.from(field.selectedOptions)) this.append(field.name, option.value);
      } else if (field instanceof HTMLInputElement && field.type === 'file') {
        for (const file of Array.from(field.files ?? [])) this.append(field.name, file);
      } else if (!(field instanceof HTMLInputElement && ['checkbox', 'radio'].includes(field.type)) || field.checked) {
        this.append(field.name, field.value);
      }
    }
  }
}
globalThis.FormData = FormDataOfForm;

const API_BASE = 'http://api.test';
export const TEST_ACCESS_TOKEN = 'test-access-token';

const server = setupServer();

/** Starts the fake API for the file's tests and points the API client at it; a request no test answered fails. */
export function withFakeApi(): void {
  beforeAll(() => {
    configureApi({ baseUrl: API_BASE, getAccessToken: async () => TEST_ACCESS_TOKEN });
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

/** One request as the route received it. */
export interface ReceivedRequest<N extends RouteName> {
  params: PathParams<N>;
  query: URLSearchParams;
  body: RequestOf<N>;
  authorization: string | null;
}

/** No answer at all: the connection fails, as offline (the client reports status 0). */
export const CONNECTION_FAILS = Symbol('the connection fails');

type Reply<N extends RouteName> = ResponseOf<N> | HttpError | typeof CONNECTION_FAILS;

/** An error answer, as the API writes them: `{ message, fields?, reason? }` with its status. */
export class HttpError {
  constructor(
    readonly status: number,
    readonly message: string,
    readonly details: { fields?: Record<string, string>; reason?: string } = {},
  ) {}
}

/**
 * Answers route `name` with `reply` (a value, an HttpError, CONNECTION_FAILS, or a function of the request returning
 * one of those), until the test ends. Returns the requests it received, in order.
 */
export function answer<N extends RouteName>(name: N, reply: Reply<N> | ((request: ReceivedRequest<N>) => Reply<N> | Promise<Reply<N>>)): ReceivedRequest<N>[] {
  const { method, path } = routes[name];
  const received: ReceivedRequest<N>[] = [];
  const handler = http[method.toLowerCase() as Lowercase<typeof method>];
  server.use(
    handler(API_BASE + path.replace(/\{(\w+)\}/g, ':$1'), async ({ request, params }) => {
      const text = await request.text();
      const got: ReceivedRequest<N> = {
        params: params as PathParams<N>,
        query: new URL(request.url).searchParams,
        body: (text ? JSON.parse(text) : undefined) as RequestOf<N>,
        authorization: request.headers.get('authorization'),
      };
      received.push(got);
      const answered = typeof reply === 'function' ? await reply(got) : reply;
      if (answered === CONNECTION_FAILS) return HttpResponse.error();
      if (answered instanceof HttpError) {
        return HttpResponse.json({ message: answered.message, ...answered.details }, { status: answered.status });
      }
      return answered === undefined ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(answered as JsonBodyType);
    }),
  );
  return received;
}
