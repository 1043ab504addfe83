import '@testing-library/jest-dom';
import { configure } from '@testing-library/dom';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router needs these, which jsdom does not provide.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Pages keep drafts and unsaved edits in session storage; each test starts without another's.
afterEach(() => (globalThis as unknown as { sessionStorage: { clear(): void } }).sessionStorage.clear());

// findBy… and waitFor wait up to 5 s for what a page shows after its requests, not Testing Library's 1 s: on a loaded
// two-core CI machine a page's first render with its fake answers can take longer than a second. A wait, not a budget.
configure({ asyncUtilTimeout: 5000 });
