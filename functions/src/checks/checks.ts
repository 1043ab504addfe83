// Use cases for checks: a teacher saves a section's check (a new version once it has attempts) and reads it whole; a
// student of a class it is assigned to reads it without the answer key and submits attempts, scored here, on the
// server; passing completes the section in the same write that stores the attempt. Reports on checks: item
// analysis per check in a class, and a student's attempt history.
import { type AttemptAnswer, type AttemptInput, type AttemptResult, type CheckAnalysis, type CheckInput, type Question, type ResultVisibility, type StudentAttempts, type StudentCheck, type StudentQuestion, type TeacherCheck, checkInputSchemaFor } from '@shared/contract/checks';
import { describeIssues, fieldIssues } from '@shared/contract/blocks';
import { isStudent, type Caller } from '../kernel/caller';
import { scoreAnswers, validateAnswers, visibleResults } from './check-scoring';
import { isTeacherOf, requireClass, requireWritableClass } from '../classes/classes';
import { conflict, forbidden, invalid, notFound } from '../kernel/errors';
import { MODULE_NOT_FOUND, requireOwnModule } from '../modules/modules';
import { completionOnPath, extraAttempts, pathOfStudent, requireAccessible } from '../paths/paths';
import { makePrerequisiteGate } from '../paths/prerequisites';
import type { ClassRecord, ClassStore } from '../classes/port';
import type { Clock } from '../kernel/ports';
import type { ModuleRecord, ModuleStore } from '../modules/port';
import type { PathOverrideRecord, PathOverrideStore } from '../paths/port';
import type { ProgressKey, ProgressStore, ProgressWithStandings } from '../progress/port';
import type { ScoreReporter } from '../lti/port';
import type { AttemptRecord, AttemptStore, CheckRecord, CheckStore } from './port';

export interface CheckServicePorts {
  classes: ClassStore;
  modules: ModuleStore;
  checks: CheckStore;
  attempts: AttemptStore;
  progress: ProgressStore;
  /** The student's path overrides in the module, read beside their progress item. */
  overrides: PathOverrideStore;
  /** Told when a student's best score on a module may have changed: an LMS gradebook may show it (LTI AGS). */
  scoreReporter: ScoreReporter;
  clock: Clock;
}

export const NO_CHECK = 'This section has no check.';
const NOT_IN_MODULE = 'This section is not part of the module; reload the module and try again.';
const NOT_ASSIGNED = 'This module is not assigned to this class.';
/** Concurrent saves or attempts that keep colliding give up after this many tries (each a fresh read). */
const TRIES = 3;
/** The student drill-down lists this many of a student's latest attempts in a class. */
export const ATTEMPT_HISTORY_LIMIT = 200;

export type CheckService = ReturnType<typeof makeCheckService>;

export function makeCheckService({ classes, modules, checks, attempts, progress, overrides, scoreReporter, clock }: CheckServicePorts) {
  const gatedPath = makePrerequisiteGate({ modules, checks, progress, overrides });
  /**
   * Saves a section's check for the module's owner. A check without attempts is changed in place; one with attempts
   * gets the next version, so the attempts keep the version they were scored on. The write is conditional on the check
   * being as read (version and attempt count): an attempt counted meanwhile makes the save read again.
   */
  async function save(caller: Caller, moduleId: string, sectionId: string, input: CheckInput): Promise<TeacherCheck> {
    for (let tries = 0; tries < TRIES; tries += 1) {
      const [module, current] = await Promise.all([requireOwnModule(modules, caller, moduleId), checks.getCheck(moduleId, sectionId)]);
      requireSection(module, sectionId);
      requireBandsFit(module, sectionId, input);
      const record: CheckRecord = {
        moduleId,
        sectionId,
        passMark: input.passMark,
        maxAttempts: input.maxAttempts,
        showCorrectness: input.showCorrectness,
        showAnswers: input.showAnswers,
        questions: input.questions,
        ...bandsToKeep(input, current),
        version: !current ? 1 : current.attemptCount > 0 ? current.version + 1 : current.version,
        attemptCount: 0,
        updatedAt: clock.now().toISOString(),
      };
      if (await checks.saveCheck(record, current && { version: current.version, attemptCount: current.attemptCount })) return toTeacherCheck(record);
    }
    throw conflict('Students were submitting this check while it was saved; save it again.');
  }

  /**
   * The check whole for the module's owner; for a student of a class it is assigned to (the one they name, else the
   * first of theirs that has the module), without any answer, and their attempts in that class with what the check
   * shows of them (explanations too, once they have attempted a check that shows answers).
   */
  async function read(caller: Caller, moduleId: string, sectionId: string, classId?: string): Promise<TeacherCheck | StudentCheck> {
    if (!isStudent(caller)) {
      const [module, check] = await Promise.all([requireOwnModule(modules, caller, moduleId), checks.getCheck(moduleId, sectionId)]);
      requireSection(module, sectionId);
      if (!check) throw notFound(NO_CHECK);
      return toTeacherCheck(check);
    }
    const [schoolClass, module, check] = await Promise.all([
      classId === undefined ? firstClassWithModule(caller, moduleId) : requireClass(classes, caller, classId, 'student'),
      modules.getModule(moduleId),
      checks.getCheck(moduleId, sectionId),
    ]);
    requireAssigned(schoolClass, module);
    requireSection(module!, sectionId);
    if (!check) throw notFound(NO_CHECK);
    // The path's inputs are read beside the attempts (one round trip): a locked section does not serve its questions.
    const key = { classId: schoolClass.classId, moduleId, studentId: caller.userId };
    const [own, overrideRecord, { used }] = await Promise.all([
      attempts.listAttempts(schoolClass.classId, moduleId, sectionId, caller.userId),
      requireSectionOpen(schoolClass, module!, key, sectionId),
      attemptsUsed(caller.userId, moduleId, sectionId),
    ]);
    return toStudentCheck(check, own, { maxAttempts: attemptBudget(check, overrideRecord, sectionId), attemptsUsed: used });
  }

  /**
   * The attempts the student has used at a check in all their classes: the counter, or before its first write (attempts
   * made before it was kept) their attempts in each of their classes that has the module, counted.
   */
  async function attemptsUsed(studentId: string, moduleId: string, sectionId: string): Promise<{ seen: number | undefined; used: number }> {
    const seen = await attempts.getAttemptsUsed(moduleId, sectionId, studentId);
    if (seen !== undefined) return { seen, used: seen };
    const holding = (await classes.getClasses(await classes.listClassIdsOfStudent(studentId))).filter((record) => record.assignedModuleIds.includes(moduleId));
    const taken = await Promise.all(holding.map((record) => attempts.listAttemptIds(record.classId, moduleId, sectionId, studentId)));
    return { seen: undefined, used: taken.reduce((sum, ids) => sum + ids.length, 0) };
  }

  /**
   * Scores and records a student's attempt, once per client-chosen attempt id: a repeat answers the attempt recorded
   * (`created: false`). The budget is the check's attempts plus the extra their class's teacher granted, counted over
   * all the student's classes: the attempt takes the next number and moves the student's used-attempts counter in one
   * conditional transaction with its score and, when it passed, the section's completion, so of concurrent attempts
   * beyond the budget none gets through (a crash leaves an attempt with all of them or none of it). Then, at once: the
   * item analysis, the check's attempt count and, when it is the check's first attempt or beats the best, the score
   * reporter (a repeat reports again: the first try may have failed after the attempt was stored).
   */
  async function submit(caller: Caller, moduleId: string, sectionId: string, input: AttemptInput): Promise<{ attempt: AttemptAnswer; created: boolean }> {
    const { classId } = input;
    const key = { classId, moduleId, studentId: caller.userId };
    const takenNow = () => attempts.listAttemptIds(classId, moduleId, sectionId, caller.userId);
    // The attempts taken so far are read beside the rest (answered only once every check has passed).
    const [schoolClass, module, check, enrolment, standing, summaries, overrideRecord, firstTaken, firstUsed] = await Promise.all([
      requireWritableClass(classes, caller, classId, 'student'),
      modules.getModule(moduleId),
      checks.getCheck(moduleId, sectionId),
      classes.getEnrolment(classId, caller.userId),
      // The student's progress item and overrides: their scores and completions, what their path is computed from.
      progress.getProgress(key),
      checks.listCheckSummaries([moduleId]),
      overrides.getOverrides(key),
      takenNow(),
      attemptsUsed(caller.userId, moduleId, sectionId),
    ]);
    requireAssigned(schoolClass, module);
    requireSection(module!, sectionId);
    if (!check) throw notFound(NO_CHECK);
    const moduleChecks = summaries.get(moduleId) ?? [];
    const path = await gatedPath(schoolClass, moduleId, caller.userId, overrideRecord, pathOfStudent(module!, moduleChecks, standing, undefined, overrideRecord));
    requireAccessible(path, sectionId, conflict);
    const bestBefore = standing?.checks[sectionId]?.bestPercent;
    const budget = attemptBudget(check, overrideRecord, sectionId);
    let taken = firstTaken;
    let counted = firstUsed;
    for (let tries = 0; tries < TRIES; tries += 1) {
      if (tries > 0) [taken, counted] = await Promise.all([takenNow(), attemptsUsed(caller.userId, moduleId, sectionId)]);
      const repeat = taken.find((attempt) => attempt.attemptId === input.attemptId);
      if (repeat) {
        const stored = await attempts.getAttempt(classId, moduleId, sectionId, caller.userId, repeat.attemptNumber);
        if (stored) {
          await scoreReporter.bestScoreChanged(key);
          return { attempt: toAnswer(stored, check, counted.used, budget, bestBefore), created: false };
        }
      }
      if (budget !== null && counted.used >= budget) {
        throw conflict(`You have used all ${budget} attempt${budget === 1 ? '' : 's'} at this check; your teacher can give you more.`);
      }
      validateAnswers(check.questions, input.answers);
      const scored = scoreAnswers(check, input.answers);
      const record: AttemptRecord = {
        ...key,
        sectionId,
        studentId: caller.userId,
        attemptNumber: Math.max(0, ...taken.map((attempt) => attempt.attemptNumber)) + 1,
        attemptId: input.attemptId,
        version: check.version,
        submittedAt: clock.now().toISOString(),
        score: scored.score,
        maxScore: scored.maxScore,
        percent: scored.percent,
        passed: scored.passed,
        answers: input.answers,
        results: withExplanations(scored.results, check.questions),
      };
      // With this pass counted: its band may release or skip sections, and it may finish the module.
      const activityOf = (before: ProgressWithStandings | undefined) => ({
        teacherId: schoolClass.teacherId,
        studentName: enrolment?.name ?? '',
        moduleTitle: module!.title,
        className: schoolClass.className,
        ...completionOnPath(module!, moduleChecks, before, sectionId, {
          ...before?.checks,
          [sectionId]: { bestPercent: Math.max(before?.checks[sectionId]?.bestPercent ?? 0, record.percent), passed: true },
        }, overrideRecord),
      });
      if ((await attempts.recordAttempt(record, standing, activityOf, { seen: counted.seen, next: counted.used + 1 })) === 'taken') continue;
      await Promise.all([
        attempts.addToStats(classId, moduleId, sectionId, check.version, picksOf(check.questions, input.answers, scored.results)),
        checks.countAttempt(moduleId, sectionId, check.version),
        bestBefore === undefined || record.percent > bestBefore ? scoreReporter.bestScoreChanged(key) : undefined,
      ]);
      return { attempt: toAnswer(record, check, counted.used + 1, budget, bestBefore), created: true };
    }
    throw conflict('Other attempts at this check were being submitted at the same moment; submit again.');
  }

  /**
   * Item analysis of a check in a class: per question the share of attempts (on the current version) that answered
   * right, and for choice questions how many picked each option. The class, the module and the check are read at once,
   * then the statistics item: 2 round trips whatever the class size.
   */
  async function analysis(caller: Caller, classId: string, moduleId: string, sectionId: string): Promise<CheckAnalysis> {
    const [schoolClass, module, check] = await Promise.all([
      requireClass(classes, caller, classId, 'reader'),
      modules.getModule(moduleId),
      checks.getCheck(moduleId, sectionId),
    ]);
    requireAssigned(schoolClass, module);
    requireSection(module!, sectionId);
    if (!check) throw notFound(NO_CHECK);
    const stats = (await attempts.getStats(classId, moduleId, sectionId, check.version)) ?? { attempts: 0, correct: {}, picks: {} };
    const share = (count: number) => (stats.attempts === 0 ? 0 : Math.round((100 * count) / stats.attempts));
    return {
      classId,
      moduleId,
      sectionId,
      version: check.version,
      attempts: stats.attempts,
      questions: check.questions.map((question) => ({
        id: question.id,
        kind: question.kind,
        prompt: question.prompt,
        correct: stats.correct[question.id] ?? 0,
        percentCorrect: share(stats.correct[question.id] ?? 0),
        ...('options' in question && {
          options: question.options.map((option) => ({
            ...option,
            picks: stats.picks[question.id]?.[option.id] ?? 0,
            correct: question.answer.includes(option.id),
          })),
        }),
      })),
    };
  }

  /** A student's latest attempts in a class, newest first: for the class's teacher, an admin, or the student. */
  async function history(caller: Caller, classId: string, studentId: string): Promise<StudentAttempts> {
    const schoolClass = await requireClass(classes, caller, classId, 'any');
    const student = isStudent(caller) && !isTeacherOf(caller, schoolClass);
    if (student && studentId !== caller.userId) throw forbidden('You can only see your own attempts.');
    if (!student && !(await classes.isEnrolled(classId, studentId))) throw notFound('This student is not enrolled in this class.');
    const records = await attempts.listAttemptsOfStudent(classId, studentId, ATTEMPT_HISTORY_LIMIT);
    return {
      classId,
      studentId,
      attempts: records.map(({ attemptId, moduleId, sectionId, version, submittedAt, score, maxScore, percent, passed }) => ({
        attemptId,
        moduleId,
        sectionId,
        version,
        submittedAt,
        score,
        maxScore,
        percent,
        passed,
      })),
    };
  }

  /** Refuses (409, naming what unlocks it) a section locked on the student's path in the class; answers their overrides there. */
  async function requireSectionOpen(schoolClass: ClassRecord, module: ModuleRecord, key: ProgressKey, sectionId: string): Promise<PathOverrideRecord | undefined> {
    const [standing, summaries, overrideRecord] = await Promise.all([
      progress.getProgress(key),
      checks.listCheckSummaries([key.moduleId]),
      overrides.getOverrides(key),
    ]);
    const open = pathOfStudent(module, summaries.get(key.moduleId) ?? [], standing, undefined, overrideRecord);
    requireAccessible(await gatedPath(schoolClass, key.moduleId, key.studentId, overrideRecord, open), sectionId, conflict);
    return overrideRecord;
  }

  /** Without a class named: the first (by id) of the student's classes that has the module. */
  async function firstClassWithModule(caller: Caller, moduleId: string): Promise<ClassRecord> {
    const classIds = await classes.listClassIdsOfStudent(caller.userId);
    const held = (await classes.getClasses(classIds))
      .filter((record) => record.assignedModuleIds.includes(moduleId))
      .sort((a, b) => a.classId.localeCompare(b.classId));
    if (held.length === 0) throw notFound(MODULE_NOT_FOUND);
    return held[0];
  }

  return { save, read, submit, analysis, history };
}

function requireAssigned(schoolClass: ClassRecord, module: ModuleRecord | undefined): asserts module is ModuleRecord {
  if (!module || !schoolClass.assignedModuleIds.includes(module.moduleId)) throw notFound(NOT_ASSIGNED);
}

function requireSection(module: ModuleRecord, sectionId: string): void {
  if (!module.sections.some((section) => section._id === sectionId)) throw notFound(NOT_IN_MODULE);
}

/**
 * The sections a check's bands name must be ones they may release (review or extension) or skip (later optional), in
 * this module as it is now: the editor's schema with the module at hand, so a refusal names the same fields.
 */
function requireBandsFit(module: ModuleRecord, sectionId: string, input: CheckInput): void {
  if (!input.bands?.length) return;
  const sections = [...module.sections].sort((a, b) => a.order - b.order);
  const checked = checkInputSchemaFor({ sections, sectionId }).safeParse(input);
  if (!checked.success) throw invalid(describeIssues(checked.error), fieldIssues(checked.error));
}

/** The bands a save stores: those sent, else the check's own (none: no attribute). */
function bandsToKeep(input: CheckInput, current: CheckRecord | undefined): Pick<CheckRecord, 'bands'> {
  const bands = input.bands ?? current?.bands ?? [];
  return bands.length > 0 ? { bands } : {};
}

function toTeacherCheck({ moduleId, sectionId, version, attemptCount, updatedAt, passMark, maxAttempts, showCorrectness, showAnswers, questions, bands }: CheckRecord): TeacherCheck {
  return { moduleId, sectionId, version, attemptCount, updatedAt, passMark, maxAttempts, showCorrectness, showAnswers, bands: bands ?? [], questions };
}

/** A student's attempts at a check: the check's limit plus what their teacher granted in the class; null: unlimited. */
const attemptBudget = (check: CheckRecord, overrideRecord: PathOverrideRecord | undefined, sectionId: string) =>
  check.maxAttempts === null ? null : check.maxAttempts + extraAttempts(overrideRecord, sectionId);

/**
 * What a student may see of a check: never an answer; explanations once they have attempted it, if it shows answers;
 * their attempts cut to what it shows now (a teacher who turns answers on after a deadline shows them on earlier attempts);
 * their own budget (the check's attempts plus any their teacher granted) and the attempts they used in all their classes.
 */
function toStudentCheck(check: CheckRecord, own: AttemptRecord[], allowance: Pick<StudentCheck, 'maxAttempts' | 'attemptsUsed'>): StudentCheck {
  const questions = check.questions.map(({ id, kind, prompt, points, explanation, ...rest }): StudentQuestion => ({
    id,
    kind,
    prompt,
    points,
    ...('options' in rest && { options: rest.options }),
    ...(check.showAnswers && own.length > 0 && explanation !== undefined && { explanation }),
  }));
  const { moduleId, sectionId, version, passMark, showCorrectness, showAnswers } = check;
  return { moduleId, sectionId, version, passMark, showCorrectness, showAnswers, questions, attempts: own.map((record) => toAttemptResult(record, check)), ...allowance };
}

function toAttemptResult({ attemptId, version, submittedAt, score, maxScore, percent, passed, answers, results }: AttemptRecord, visibility: ResultVisibility): AttemptResult {
  return { attemptId, version, submittedAt, score, maxScore, percent, passed, answers, results: visibleResults(results, visibility) };
}

/** The attempt as the student may see it now, with what they used of their budget (null: unlimited). */
function toAnswer(record: AttemptRecord, check: CheckRecord, attemptsUsed: number, budget: number | null, bestBefore: number | undefined): AttemptAnswer {
  return {
    ...toAttemptResult(record, check),
    attemptsUsed,
    attemptsLeft: budget === null ? null : Math.max(0, budget - attemptsUsed),
    bestPercent: Math.max(bestBefore ?? 0, record.percent),
  };
}

function withExplanations(results: AttemptResult['results'], questions: Question[]): AttemptResult['results'] {
  const explanations = new Map(questions.map((question) => [question.id, question.explanation]));
  return results.map((result) => {
    const explanation = explanations.get(result.questionId);
    return explanation === undefined ? result : { ...result, explanation };
  });
}

/** What the item analysis counts of an attempt: each question right or not, and the options picked. */
function picksOf(questions: Question[], answers: AttemptInput['answers'], results: AttemptResult['results']) {
  return questions.map((question, index) => ({
    questionId: question.id,
    correct: results[index].correct === true,
    ...('options' in question && Array.isArray(answers[question.id]) && { picks: answers[question.id] as string[] }),
  }));
}
