import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router needs these, which jsdom does not provide.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Pages keep drafts and unsaved edits in session storage; each test starts without another's.
afterEach(() => (globalThis as unknown as { sessionStorage: { clear(): void } }).sessionStorage.clear());
