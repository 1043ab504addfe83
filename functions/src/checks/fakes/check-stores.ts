// In-memory checks and attempts, keeping the DynamoDB adapters' promises: a check is saved only if it is still the
// version and attempt count read; an attempt number is taken once; the best percent only ever rises, and its totals
// follow; statistics add up per (class, check, version).
import type { CheckSummary } from '@shared/contract/checks';
import { copy } from '../../kernel/fakes/copy';
import type { InMemoryProgressStore } from '../../progress/fakes/progress-store';
import type { ActivityContext, CheckStandings, ProgressKey, ProgressWithStandings } from '../../progress/port';
import type { AttemptRecord, AttemptStore, CheckRecord, CheckStats, CheckStore, ExpectedCheck, ScoreRecord, ScoreTotalsRecord } from '../port';

const checkId = (moduleId: string, sectionId: string) => `${moduleId}|${sectionId}`;

export class InMemoryCheckStore implements CheckStore {
  private readonly records = new Map<string, CheckRecord>();
  /** Given the attempt store, deleting a check drops what its partition holds (attempts, statistics). */
  constructor(private readonly attempts?: InMemoryAttemptStore) {}

  clear(): void {
    this.records.clear();
  }

  all(): CheckRecord[] {
    return [...this.records.values()].map(copy);
  }

  async getCheck(moduleId: string, sectionId: string) {
    const record = this.records.get(checkId(moduleId, sectionId));
    return record && copy(record);
  }

  /** version = :version AND attemptCount = :attempts [AND updatedAt = :updatedAt], or attribute_not_exists(pk) */
  async saveCheck(record: CheckRecord, expected: ExpectedCheck | undefined) {
    const current = this.records.get(checkId(record.moduleId, record.sectionId));
    const holds = expected
      ? current?.version === expected.version && current.attemptCount === expected.attemptCount && (expected.updatedAt === undefined || current.updatedAt === expected.updatedAt)
      : !current;
    if (!holds) return false;
    this.records.set(checkId(record.moduleId, record.sectionId), copy(record));
    return true;
  }

  async listCheckSummaries(moduleIds: string[]) {
    const summaries = new Map<string, CheckSummary[]>();
    for (const record of this.records.values()) {
      if (!moduleIds.includes(record.moduleId)) continue;
      const { sectionId, version, passMark, maxAttempts, questions, bands } = record;
      const summary = { sectionId, version, passMark, maxAttempts, questionCount: questions.length, ...(bands && bands.length > 0 && { bands }) };
      summaries.set(record.moduleId, [...(summaries.get(record.moduleId) ?? []), summary]);
    }
    return summaries;
  }

  async countAttempt(moduleId: string, sectionId: string, version: number) {
    const record = this.records.get(checkId(moduleId, sectionId));
    if (record?.version === version) record.attemptCount += 1;
  }

  async deleteChecks(moduleId: string, sectionIds: string[]) {
    for (const sectionId of sectionIds) {
      this.records.delete(checkId(moduleId, sectionId));
      this.attempts?.deleteCheckPartition(moduleId, sectionId);
    }
  }
}

const attemptKey = (record: Pick<AttemptRecord, 'classId' | 'moduleId' | 'sectionId' | 'studentId' | 'attemptNumber'>) =>
  [record.moduleId, record.sectionId, record.classId, record.studentId, String(record.attemptNumber).padStart(6, '0')].join('|');
const scoreKey = (classId: string, moduleId: string, studentId: string) => `${classId}|${moduleId}|${studentId}`;
const usedKey = (moduleId: string, sectionId: string, studentId: string) => `${moduleId}|${sectionId}|${studentId}`;
const statsKey = (classId: string, moduleId: string, sectionId: string, version: number) => `${moduleId}|${sectionId}|${classId}|${version}`;

export class InMemoryAttemptStore implements AttemptStore {
  private readonly records = new Map<string, AttemptRecord>();
  private readonly scores = new Map<string, ScoreRecord>();
  private readonly stats = new Map<string, CheckStats>();
  private readonly totals = new Map<string, ScoreTotalsRecord>();
  private readonly used = new Map<string, number>();
  /** The progress item's lastAttemptAt, which the table reads with the scores. */
  private readonly attemptedAt = new Map<string, string>();

  clear(): void {
    this.records.clear();
    this.used.clear();
    this.attemptedAt.clear();
    this.scores.clear();
    this.stats.clear();
    this.totals.clear();
  }

  all(): AttemptRecord[] {
    return [...this.records.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, record]) => copy(record));
  }

  allScores(): ScoreRecord[] {
    return [...this.scores.values()].map(copy);
  }

  /** Test set-up: a student's standing as if they had attempted. */
  putScores(...records: ScoreRecord[]): void {
    for (const record of records) this.scores.set(scoreKey(record.classId, record.moduleId, record.studentId), copy(record));
  }

  deleteCheckPartition(moduleId: string, sectionId: string): void {
    for (const [key] of this.records) if (key.startsWith(`${moduleId}|${sectionId}|`)) this.records.delete(key);
    for (const [key] of this.stats) if (key.startsWith(`${moduleId}|${sectionId}|`)) this.stats.delete(key);
    for (const [key] of this.used) if (key.startsWith(`${moduleId}|${sectionId}|`)) this.used.delete(key);
  }

  private ofStudent(classId: string, moduleId: string, sectionId: string, studentId: string) {
    return this.all().filter((record) => record.classId === classId && record.moduleId === moduleId && record.sectionId === sectionId && record.studentId === studentId);
  }

  async listAttemptIds(classId: string, moduleId: string, sectionId: string, studentId: string) {
    return this.ofStudent(classId, moduleId, sectionId, studentId).map(({ attemptId, attemptNumber }) => ({ attemptId, attemptNumber }));
  }

  async getAttempt(classId: string, moduleId: string, sectionId: string, studentId: string, attemptNumber: number) {
    const record = this.records.get(attemptKey({ classId, moduleId, sectionId, studentId, attemptNumber }));
    return record && copy(record);
  }

  async listAttempts(classId: string, moduleId: string, sectionId: string, studentId: string) {
    return this.ofStudent(classId, moduleId, sectionId, studentId);
  }

  /** Test set-up: attempts as stored before the used-attempts counter was kept. */
  forgetUsedCounters(): void {
    this.used.clear();
  }

  async getAttemptsUsed(moduleId: string, sectionId: string, studentId: string) {
    return this.used.get(usedKey(moduleId, sectionId, studentId));
  }

  /** The progress store the completion of a passing attempt goes to (its items hold these scores in the table). */
  progress?: InMemoryProgressStore;

  /**
   * The transaction: the attempt (attribute_not_exists on its number), the used-attempts counter as seen, its score
   * and, when it passed, the completion, in one synchronous step behind the enrolment's condition.
   */
  async recordAttempt(
    record: AttemptRecord,
    _seen: ProgressWithStandings | undefined,
    activityOf: (before: ProgressWithStandings | undefined) => ActivityContext,
    used: { seen: number | undefined; next: number },
  ) {
    const counter = usedKey(record.moduleId, record.sectionId, record.studentId);
    if (this.records.has(attemptKey(record)) || this.used.get(counter) !== used.seen) return 'taken' as const;
    const key = { classId: record.classId, moduleId: record.moduleId, studentId: record.studentId };
    this.progress?.requireEnrolled(key);
    this.records.set(attemptKey(record), copy(record));
    this.used.set(counter, used.next);
    this.recordScore(key, record.sectionId, record.percent, record.passed, record.submittedAt);
    if (record.passed) await this.progress?.addCompletedSection(key, record.sectionId, record.submittedAt, activityOf);
    return 'recorded' as const;
  }

  /** The standings on the student's progress item, read in the step of a write. */
  standingsOf({ classId, moduleId, studentId }: ProgressKey): CheckStandings {
    return copy(this.scores.get(scoreKey(classId, moduleId, studentId))?.bySection ?? {});
  }

  async listAllAttemptsOfStudent(classId: string, studentId: string) {
    return (await this.listAttemptsOfStudent(classId, studentId, Number.MAX_SAFE_INTEGER)).reverse();
  }

  async listAttemptsOfStudent(classId: string, studentId: string, limit: number) {
    return this.all()
      .filter((record) => record.classId === classId && record.studentId === studentId)
      .sort((a, b) => b.submittedAt.localeCompare(a.submittedAt))
      .slice(0, limit);
  }

  /** A score as the attempt's transaction records it, with the attempt's time (test set-up may call it alone). */
  recordScore({ classId, moduleId, studentId }: ProgressKey, sectionId: string, percent: number, passed: boolean, at?: string): void {
    const key = scoreKey(classId, moduleId, studentId);
    const record = this.scores.get(key) ?? { classId, moduleId, studentId, bySection: {} };
    if (at !== undefined) this.attemptedAt.set(key, at);
    const standing = record.bySection[sectionId];
    const previous = standing?.bestPercent;
    record.bySection[sectionId] = {
      bestPercent: Math.max(previous ?? percent, percent),
      attempts: (standing?.attempts ?? 0) + 1,
      passed: (standing?.passed ?? false) || passed,
    };
    this.scores.set(key, record);
    if (previous === undefined || percent > previous) {
      const totals = this.totals.get(classId) ?? {};
      const current = (totals[moduleId] ??= {})[sectionId] ?? { sum: 0, count: 0 };
      totals[moduleId][sectionId] = { sum: current.sum + percent - (previous ?? 0), count: current.count + (previous === undefined ? 1 : 0) };
      this.totals.set(classId, totals);
    }
  }

  async addToStats(classId: string, moduleId: string, sectionId: string, version: number, answers: { questionId: string; correct: boolean; picks?: string[] }[]) {
    const key = statsKey(classId, moduleId, sectionId, version);
    const stats = this.stats.get(key) ?? { attempts: 0, correct: {}, picks: {} };
    stats.attempts += 1;
    for (const answer of answers) {
      if (answer.correct) stats.correct[answer.questionId] = (stats.correct[answer.questionId] ?? 0) + 1;
      for (const optionId of answer.picks ?? []) {
        const picks = (stats.picks[answer.questionId] ??= {});
        picks[optionId] = (picks[optionId] ?? 0) + 1;
      }
    }
    this.stats.set(key, stats);
  }

  async getStats(classId: string, moduleId: string, sectionId: string, version: number) {
    const stats = this.stats.get(statsKey(classId, moduleId, sectionId, version));
    return stats && copy(stats);
  }

  async listScoresOfStudents(classId: string, moduleIds: string[], studentIds: string[]) {
    return studentIds.flatMap((studentId) =>
      moduleIds.flatMap((moduleId) => {
        const key = scoreKey(classId, moduleId, studentId);
        const record = this.scores.get(key);
        const attempted = this.attemptedAt.get(key);
        return record ? [{ ...copy(record), ...(attempted !== undefined && { lastAttemptAt: attempted }) }] : [];
      }),
    );
  }

  async listScoresOfClass(classId: string, moduleId?: string) {
    return this.allScores()
      .filter((record) => record.classId === classId && (!moduleId || record.moduleId === moduleId))
      .map((record) => {
        const attempted = this.attemptedAt.get(scoreKey(record.classId, record.moduleId, record.studentId));
        return attempted === undefined ? record : { ...record, lastAttemptAt: attempted };
      });
  }

  async getScoreTotals(classId: string) {
    return copy(this.totals.get(classId) ?? {});
  }

  /** The student's best scores in or out of the class's totals (the progress store's enrolment counting). */
  countScoresOfStudent(classId: string, moduleIds: string[], studentId: string, direction: 1 | -1): void {
    const totals = this.totals.get(classId) ?? {};
    for (const moduleId of moduleIds) {
      for (const [sectionId, { bestPercent }] of Object.entries(this.scores.get(scoreKey(classId, moduleId, studentId))?.bySection ?? {})) {
        const current = (totals[moduleId] ??= {})[sectionId] ?? { sum: 0, count: 0 };
        totals[moduleId][sectionId] = { sum: current.sum + direction * bestPercent, count: current.count + direction };
      }
    }
    this.totals.set(classId, totals);
  }

  /** The scores live on the progress items: the in-memory progress store drops them with a module's progress. */
  forgetScoresOfModule(classId: string, moduleId: string): void {
    for (const [key, record] of this.scores) if (record.classId === classId && record.moduleId === moduleId) this.scores.delete(key);
  }
}
