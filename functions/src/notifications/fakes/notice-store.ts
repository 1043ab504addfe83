// In-memory notices, keeping the DynamoDB adapter's promises: one nudge per student, day, class and module (a second
// is refused), newest first; the bells read the in-memory progress store's activity, finished and counter items.
import { copy } from '../../kernel/fakes/copy';
import type { InMemoryProgressStore } from '../../progress/fakes/progress-store';
import type { ActivityRecord, NoticeStore, NudgeRecord } from '../port';

/** The bells' reads over the in-memory progress store's activity index. */
export class InMemoryNoticeStore implements NoticeStore {
  private readonly readMarkers = new Map<string, string>();
  /** Keyed as the items are: student, UTC day, class, module. */
  private readonly nudges = new Map<string, NudgeRecord>();
  constructor(private readonly progress: InMemoryProgressStore) {}

  clear(): void {
    this.readMarkers.clear();
    this.nudges.clear();
  }

  allNudges(): NudgeRecord[] {
    return [...this.nudges.values()].map(copy);
  }

  /** PutItem USER#s / NUDGE#{day}#{class}#{module} with attribute_not_exists(pk) */
  async addNudge(nudge: NudgeRecord) {
    const key = [nudge.studentId, nudge.sentAt.slice(0, 10), nudge.classId, nudge.moduleId].join('#');
    if (this.nudges.has(key)) return false;
    this.nudges.set(key, copy(nudge));
    return true;
  }

  /** Query USER#s, begins_with NUDGE#, newest day first, Limit */
  async recentNudges(studentId: string, limit: number) {
    return [...this.nudges.entries()]
      .filter(([, nudge]) => nudge.studentId === studentId)
      .sort(([a], [b]) => b.localeCompare(a))
      .slice(0, limit)
      .map(([, nudge]) => copy(nudge));
  }

  /** Query USER#s, begins_with NUDGE#, every page */
  async listNudges(studentId: string) {
    return (await this.recentNudges(studentId, Number.MAX_SAFE_INTEGER)).reverse();
  }

  /** Query USER#s, begins_with FINISHED# */
  async finishedModules(studentId: string) {
    return [...this.progress.finished.values()].filter((record) => record.studentId === studentId).map(copy);
  }

  async recentActivity(teacherId: string, limit: number): Promise<ActivityRecord[]> {
    const records = this.progress.all();
    return [...this.progress.activity]
      .filter(([, context]) => context.teacherId === teacherId)
      .sort(([, a], [, b]) => b.at.localeCompare(a.at))
      .slice(0, limit)
      .flatMap(([id, { teacherId: _teacher, finishesModule: _finishes, at, ...context }]) => {
        const record = records.find((each) => `${each.classId}|${each.moduleId}|${each.studentId}` === id);
        return record ? [{ ...record, updatedAt: record.updatedAt ?? at, ...context }] : [];
      });
  }

  /** GetItem of the (class, module) counter's started students */
  async countStarted(classId: string, moduleId: string) {
    return this.progress.counters.get(`${classId}|${moduleId}`)?.startedStudents ?? 0;
  }

  async getReadAt(userId: string) {
    return this.readMarkers.get(userId);
  }

  async setReadAt(userId: string, at: string) {
    this.readMarkers.set(userId, at);
  }
}
