// In-memory progress, keeping the DynamoDB adapter's promises: a first completion changes the record, its counter and
// its day in one step, never losing or repeating a section; a write for a student no longer enrolled is refused; the
// reading tally refuses a stale count; records are copies. `put` arranges a state behind the use case's back.
import { utcDay } from '@shared/report-insight';
import type { InMemoryAttemptStore } from '../../checks/fakes/check-stores';
import type { ScoreRecord } from '../../checks/port';
import { noLongerEnrolled } from '../../kernel/errors';
import { copy } from '../../kernel/fakes/copy';
import type { FinishedModuleRecord } from '../../notifications/port';
import type { ActivityContext, CompletionCounter, ModuleReadPlan, ProgressKey, ProgressRecord, ProgressStore, ProgressWithStandings, ReadingReport, ReadingTally, ReportedProgress } from '../port';

/** The (class, module, student) records with the counter, day, activity and finished items their writes keep. */
export class InMemoryProgressStore implements ProgressStore {
  private readonly records = new Map<string, ProgressRecord>();
  private static id = ({ classId, moduleId, studentId }: ProgressKey) => `${classId}|${moduleId}|${studentId}`;

  /** The attempt store whose scores stand for the score attributes of these progress items. */
  constructor(private readonly attempts?: InMemoryAttemptStore) {}

  /** Whether the student is on the class's roster now (the enrolment condition of the table's transactions); unset: always. */
  enrolledNow?: (classId: string, studentId: string) => boolean;

  requireEnrolled({ classId, studentId }: ProgressKey): void {
    if (this.enrolledNow && !this.enrolledNow(classId, studentId)) throw noLongerEnrolled();
  }

  clear(): void {
    this.records.clear();
    this.counters.clear();
    this.activity.clear();
    this.finished.clear();
    this.activeDays.clear();
  }

  put(...records: ProgressRecord[]): void {
    for (const record of records) this.records.set(InMemoryProgressStore.id(record), copy(record));
  }

  all(): ProgressRecord[] {
    return [...this.records.values()].map(copy);
  }

  /** Like the item: completions and standings (an item holding only scores has no completions). */
  async getProgress(key: ProgressKey): Promise<ProgressWithStandings | undefined> {
    const record = this.records.get(InMemoryProgressStore.id(key));
    const [scores] = (await this.attempts?.listScoresOfStudents(key.classId, [key.moduleId], [key.studentId])) ?? [];
    if (!record && !scores) return undefined;
    const checks = Object.fromEntries(Object.entries(scores?.bySection ?? {}).map(([sectionId, { bestPercent, passed }]) => [sectionId, { bestPercent, passed }]));
    // Like an item the table holds only scores on: no updatedAt (none was written).
    return { ...key, completedSections: [], ...(record && copy(record)), checks } as ProgressWithStandings;
  }

  /** (class, module) → completions, like the counter items: one more per first completion of a section, in the total and the section's count. */
  readonly counters = new Map<string, CompletionCounter>();

  private addToCounter(classId: string, moduleId: string, sectionIds: string[], count: number, students: number) {
    const key = `${classId}|${moduleId}`;
    const counter = this.counters.get(key) ?? { moduleId, completions: 0, bySection: {}, startedStudents: 0 };
    counter.completions += count * sectionIds.length;
    counter.startedStudents += students;
    for (const sectionId of sectionIds) counter.bySection[sectionId] = (counter.bySection[sectionId] ?? 0) + count;
    this.counters.set(key, counter);
  }

  /** (class, UTC day) → the students who completed a section that day, like the day items. */
  readonly activeDays = new Map<string, Set<string>>();

  /** The activity index (gsi1 ACTIVITY#teacher) of records marked with an activity context. */
  readonly activity = new Map<string, ActivityContext & { at: string }>();

  /** The students' finished modules (USER#s / FINISHED#c#m), by progress key: the first finish's time stays. */
  readonly finished = new Map<string, FinishedModuleRecord>();

  /**
   * The transaction of a first completion: the record (created if need be, never losing or repeating a section), the
   * counter and the day change in one synchronous step, so no failure or interleaving can separate them; a section
   * already complete is answered as stored and changes nothing.
   */
  async addCompletedSection(key: ProgressKey, sectionId: string, updatedAt: string, activityOf?: (before: ProgressWithStandings | undefined) => ActivityContext) {
    const current = this.records.get(InMemoryProgressStore.id(key));
    if (current?.completedSections.includes(sectionId)) return copy(current);
    this.requireEnrolled(key);
    // Decided from the record as this write finds it, in the same synchronous step.
    const activity = activityOf?.(current && { ...copy(current), checks: this.attempts?.standingsOf(key) ?? {} });
    if (activity) this.activity.set(InMemoryProgressStore.id(key), { ...activity, at: updatedAt });
    if (activity?.finishesModule && !this.finished.has(InMemoryProgressStore.id(key))) {
      this.finished.set(InMemoryProgressStore.id(key), { ...key, className: activity.className, moduleTitle: activity.moduleTitle, finishedAt: updatedAt });
    }
    this.addToCounter(key.classId, key.moduleId, [sectionId], 1, current?.completedSections.length ? 0 : 1);
    const day = `${key.classId}|${utcDay(updatedAt)}`;
    this.activeDays.set(day, new Set([...(this.activeDays.get(day) ?? []), key.studentId]));
    const record: ProgressRecord = {
      ...key,
      completedSections: [...new Set([...(current?.completedSections ?? []), sectionId])],
      // if_not_exists: the first completion time stays.
      completedAt: { [sectionId]: updatedAt, ...current?.completedAt },
      updatedAt,
    };
    this.records.set(InMemoryProgressStore.id(key), record);
    return copy(record);
  }

  async removeCompletedSection(key: ProgressKey, sectionId: string, updatedAt: string) {
    const current = this.records.get(InMemoryProgressStore.id(key));
    if (!current?.completedSections.includes(sectionId)) return current && copy(current);
    this.requireEnrolled(key);
    const completedSections = current.completedSections.filter((each) => each !== sectionId);
    this.addToCounter(key.classId, key.moduleId, [sectionId], -1, completedSections.length ? 0 : -1);
    const { [sectionId]: _undone, ...completedAt } = current.completedAt ?? {};
    const record: ProgressRecord = { ...current, completedSections, completedAt, updatedAt };
    this.records.set(InMemoryProgressStore.id(key), record);
    return copy(record);
  }

  /**
   * Like the one UpdateItem: the item is created if need be, opens and minutes added, the page replaced, the counted
   * time moved on if it is still the one the minutes were counted from, in one step.
   */
  async recordReading(key: ProgressKey, sectionId: string, { opened, minutes, page, countedAt }: ReadingReport): Promise<ReadingTally | 'stale'> {
    const current = this.records.get(InMemoryProgressStore.id(key)) ?? { ...key, completedSections: [] };
    if (countedAt && current.readingCountedAt !== countedAt.from) return 'stale';
    if (countedAt) current.readingCountedAt = countedAt.to;
    const before = current.reading?.[sectionId] ?? { opened: 0, minutes: 0 };
    const after = { opened: before.opened + (opened ? 1 : 0), minutes: before.minutes + minutes, ...((page ?? before.page) !== undefined && { page: page ?? before.page }) };
    this.records.set(InMemoryProgressStore.id(key), { ...current, reading: { ...current.reading, [sectionId]: after } });
    return copy(after);
  }

  /** BatchGet by exact keys: only this student's records, a missing one is simply absent. */
  async listProgressOfStudent(classId: string, moduleIds: string[], studentId: string) {
    return [...new Set(moduleIds)].flatMap((moduleId) => {
      const record = this.records.get(InMemoryProgressStore.id({ classId, moduleId, studentId }));
      return record ? [copy(record)] : [];
    });
  }

  /** As the table reads it: only the plan's sections' completion times, and the standings on its checks. */
  async listProgressOfStudents(classId: string, modules: ModuleReadPlan[], studentIds: string[]): Promise<ReportedProgress[]> {
    const scores = await this.attempts?.listScoresOfStudents(classId, modules.map((plan) => plan.moduleId), studentIds);
    return studentIds.flatMap((studentId) =>
      modules.flatMap(({ moduleId, sectionIds, checkedSectionIds }) => {
        const record = this.records.get(InMemoryProgressStore.id({ classId, moduleId, studentId }));
        const scored = scores?.find((score) => score.studentId === studentId && score.moduleId === moduleId);
        const standings = scored?.bySection ?? {};
        const checks = Object.fromEntries(
          checkedSectionIds.flatMap((sectionId) => {
            const standing = standings[sectionId];
            return standing ? [[sectionId, { ...standing }]] : [];
          }),
        );
        if (!record && Object.keys(checks).length === 0) return [];
        const { completedSections = [], completedAt = {}, updatedAt } = record ?? {};
        const kept = Object.fromEntries(sectionIds.flatMap((sectionId) => (completedAt[sectionId] ? [[sectionId, completedAt[sectionId]]] : [])));
        const attempted = scored?.lastAttemptAt;
        return [{ classId, moduleId, studentId, completedSections: [...completedSections], completedAt: kept, ...(updatedAt && { updatedAt }), ...(attempted && { lastAttemptAt: attempted }), checks }];
      }),
    );
  }

  async listCompletionCounters(classId: string): Promise<CompletionCounter[]> {
    return [...this.counters].flatMap(([key, counter]) => (key.startsWith(`${classId}|`) ? [structuredClone(counter)] : []));
  }

  /** BatchGet of the student's records, then ADD to each module's counter */
  async countProgressOfStudent(classId: string, moduleIds: string[], studentId: string, direction: 1 | -1) {
    for (const record of await this.listProgressOfStudent(classId, moduleIds, studentId)) {
      if (record.completedSections.length > 0) this.addToCounter(classId, record.moduleId, record.completedSections, direction, direction);
    }
    this.attempts?.countScoresOfStudent(classId, moduleIds, studentId, direction);
  }

  async listActiveStudents(classId: string, days: string[]) {
    return [...new Set(days.flatMap((day) => [...(this.activeDays.get(`${classId}|${day}`) ?? [])]))];
  }

  async listProgressOfStudentInClass(classId: string, studentId: string) {
    return this.all().filter((record) => record.classId === classId && record.studentId === studentId);
  }

  async listActiveDaysOfStudent(classId: string, studentId: string) {
    return [...this.activeDays].filter(([key, students]) => key.startsWith(`${classId}|`) && students.has(studentId)).map(([key]) => key.slice(classId.length + 1));
  }

  /** As the table reads them: the items with the standings they hold (an attempt writes the item: scores alone make one). */
  async listProgressOfClass(classId: string, moduleId?: string): Promise<ReportedProgress[]> {
    const records = this.all().filter((record) => record.classId === classId && (!moduleId || record.moduleId === moduleId));
    const scores = (await this.attempts?.listScoresOfClass(classId, moduleId)) ?? [];
    const id = ({ studentId, moduleId: module }: { studentId: string; moduleId: string }) => `${studentId}|${module}`;
    const scoresOf = new Map(scores.map((record) => [id(record), record]));
    const attemptedAt = (score: ScoreRecord | undefined) => (score?.lastAttemptAt !== undefined ? { lastAttemptAt: score.lastAttemptAt } : {});
    const recorded = new Set(records.map(id));
    return [
      ...records.map((record) => ({ ...attemptedAt(scoresOf.get(id(record))), ...record, checks: scoresOf.get(id(record))?.bySection ?? {} })),
      ...scores
        .filter((score) => !recorded.has(id(score)))
        .map((score) => ({ classId: score.classId, moduleId: score.moduleId, studentId: score.studentId, completedSections: [], completedAt: {}, checks: score.bySection, ...attemptedAt(score) })),
    ];
  }

  async deleteProgressOfModule(classId: string, moduleId: string) {
    for (const [id, record] of this.records) {
      if (record.classId === classId && record.moduleId === moduleId) this.records.delete(id);
    }
    this.counters.delete(`${classId}|${moduleId}`);
    this.attempts?.forgetScoresOfModule(classId, moduleId);
  }

  /** What deleting a class removes from its partition (test-side: the class store calls it). */
  deleteProgressOfClass(classId: string): void {
    for (const [id, record] of this.records) if (record.classId === classId) this.records.delete(id);
    for (const key of this.counters.keys()) if (key.startsWith(`${classId}|`)) this.counters.delete(key);
    for (const key of this.activeDays.keys()) if (key.startsWith(`${classId}|`)) this.activeDays.delete(key);
  }
}
