// The export over an administration school of in-memory stores (functions/test/in-memory/admin.ts), for the handler
// tests: its files read from the in-memory file store, its zips kept in memory.
import type { givenAdminSchool } from '@functions/test/in-memory/admin';
import { makeChangeRecorder } from '../../audit/audit';
import type { FileReader } from '../../uploads/port';
import { makeDataExport } from '../data-export';
import { InMemoryExportStorage } from './export-storage';

export function exportServiceOver(school: ReturnType<typeof givenAdminSchool>) {
  const { ports, directory, access, index } = school;
  const files: FileReader = {
    async readFile(key, maxBytes) {
      const bytes = await ports.files.readFileStart(key, maxBytes + 1);
      if (!bytes) return 'missing';
      return bytes.length > maxBytes ? 'too-large' : bytes;
    },
  };
  const storage = new InMemoryExportStorage();
  const exports = makeDataExport({
    ...ports,
    directory,
    access,
    people: index,
    files,
    storage,
    record: makeChangeRecorder({ directory, audit: ports.audit, clock: ports.clock }),
  });
  return { ...school, storage, exports };
}
