// What handler tests put in place of the composition helpers the handler files call at cold start, so a handler runs
// its real use case over in-memory stores:
//   jest.mock('../../src/platform/table-stores', () => jest.requireActual('../in-memory/handler-adapters').tableStoresModule);
//   jest.mock('../../src/platform/file-store', () => jest.requireActual('../in-memory/handler-adapters').fileStoreModule);
// (the same module instance is then imported by the test to arrange data: `ports`), and `resetPorts(ports)` before each test.
import { inMemoryPorts } from './stores';

/** One set of stores per test file, shared by the handler under test and the test itself. */
export const ports = inMemoryPorts();

export const tableStoresModule = {
  moduleStore: () => ports.modules,
  classStore: () => ports.classes,
  progressStore: () => ports.progress,
  auditLog: () => ports.audit,
  uploadStore: () => ports.uploads,
  fileReferenceStore: () => ports.fileReferences,
  noticeStore: () => ports.notices,
  checkStore: () => ports.checks,
  attemptStore: () => ports.attempts,
};
export const fileStoreModule = { fileStore: () => ports.files };
export const systemModule = { systemClock: ports.clock, randomIds: ports.ids };
