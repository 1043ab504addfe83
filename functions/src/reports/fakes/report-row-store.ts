// In-memory report rows, keeping the table's promise: a row's change count of a module moves whenever the student's
// progress or overrides in it change. The table's writers ADD to it in their transactions; here the count moves when
// the row is read and what it counts (the progress and override records, the scores held with them) differs from what
// it last saw. Keeping cells holds only if the counts are still those the cells saw, and the student is enrolled.
import { copy } from '../../kernel/fakes/copy';
import type { InMemoryPathOverrideStore } from '../../paths/fakes/path-override-store';
import type { InMemoryProgressStore } from '../../progress/fakes/progress-store';
import type { ReportRowRecord, ReportRowStore, StoredReportCell } from '../port';

interface Counted {
  count: number;
  /** The progress and overrides the count last saw. */
  seen: string;
}

export class InMemoryReportRowStore implements ReportRowStore {
  private readonly counts = new Map<string, Counted>();
  private readonly cells = new Map<string, Record<string, StoredReportCell>>();
  /** Keeping cells: how many rows were kept (what a download computed, as the table's writes would show it). */
  saves = 0;

  constructor(
    private readonly progress: InMemoryProgressStore,
    private readonly overrides: InMemoryPathOverrideStore,
    private readonly enrolledNow: (classId: string, studentId: string) => boolean,
  ) {}

  clear(): void {
    this.counts.clear();
    this.cells.clear();
    this.saves = 0;
  }

  async listReportRows(classId: string): Promise<ReportRowRecord[]> {
    const studentIds = new Set([
      ...this.progress.all().filter((record) => record.classId === classId).map((record) => record.studentId),
      ...this.overrides.all().filter((record) => record.classId === classId).map((record) => record.studentId),
      ...[...this.cells.keys()].filter((rowId) => rowId.startsWith(`${classId}|`)).map((rowId) => rowId.slice(classId.length + 1)),
    ]);
    return Promise.all([...studentIds].map(async (studentId) => ({ studentId, changes: await this.changesOf(classId, studentId), cells: copy(this.cells.get(`${classId}|${studentId}`) ?? {}) })));
  }

  async saveReportCells(classId: string, studentId: string, cells: Record<string, StoredReportCell>): Promise<boolean> {
    const changes = await this.changesOf(classId, studentId);
    if (!this.enrolledNow(classId, studentId) || Object.entries(cells).some(([moduleId, cell]) => (changes[moduleId] ?? 0) !== cell.seen)) return false;
    const rowId = `${classId}|${studentId}`;
    this.cells.set(rowId, { ...this.cells.get(rowId), ...copy(cells) });
    this.saves += 1;
    return true;
  }

  /** Each module's count, moved on for every module whose progress or overrides differ from what it last saw. */
  private async changesOf(classId: string, studentId: string): Promise<Record<string, number>> {
    const moduleIds = new Set(
      [...this.progress.all(), ...this.overrides.all()].filter((record) => record.classId === classId && record.studentId === studentId).map((record) => record.moduleId),
    );
    for (const [countId] of this.counts) if (countId.startsWith(`${classId}|${studentId}|`)) moduleIds.add(countId.split('|')[2]!);
    const changes: Record<string, number> = {};
    for (const moduleId of moduleIds) {
      const key = { classId, moduleId, studentId };
      const now = JSON.stringify([await this.progress.getProgress(key), await this.overrides.getOverrides(key)]);
      const countId = `${classId}|${studentId}|${moduleId}`;
      const counted = this.counts.get(countId);
      const next = counted === undefined ? { count: 1, seen: now } : counted.seen === now ? counted : { count: counted.count + 1, seen: now };
      this.counts.set(countId, next);
      changes[moduleId] = next.count;
    }
    return changes;
  }
}
