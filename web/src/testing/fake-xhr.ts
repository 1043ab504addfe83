// A controllable stand-in for XMLHttpRequest, which uploads use for their progress events: tests answer, fail or
// watch each request.
import { waitFor } from '@testing-library/react';

export class FakeXhr {
  static requests: FakeXhr[] = [];
  static install() {
    FakeXhr.requests = [];
    Object.assign(globalThis, { XMLHttpRequest: FakeXhr });
  }

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  status = 0;
  statusText = '';
  aborted = false;
  upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private responseHeaders: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Blob) {
    this.body = body;
    FakeXhr.requests.push(this);
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  abort() {
    this.aborted = true;
    this.settled = true;
    this.onabort?.();
  }

  private settled = false;
  get pending() {
    return !this.settled;
  }
  progress(loaded: number) {
    this.upload.onprogress?.({ loaded, total: this.body?.size ?? 0 });
  }
  respond(status = 200, headers: Record<string, string> = {}) {
    this.status = status;
    this.settled = true;
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
    this.onload?.();
  }
  fail() {
    this.settled = true;
    this.onerror?.();
  }

  static pendingRequests() {
    return FakeXhr.requests.filter((request) => request.pending);
  }

  /** Request number `index` (from 0) once sent: uploads send theirs after the API's answer, which comes over the network. */
  static async sent(index = 0): Promise<FakeXhr> {
    await waitFor(() => expect(FakeXhr.requests.length).toBeGreaterThan(index));
    return FakeXhr.requests[index];
  }
}

/** Lets promise callbacks (API answers, XHR settlement) run. */
export const flushPromises = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
