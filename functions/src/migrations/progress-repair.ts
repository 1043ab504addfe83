// Repairs `npm run migrate` makes to what earlier versions could leave half-written in a class (table-migration.ts):
// an attempt stored without its score or the completion it earned (a crash between the writes, before an attempt was
// one transaction), and a student who finished a module without the "you finished" notice (two last sections
// completed at once, before a completion's finish was decided from the state it wrote). Each repair is the app's own
// write (conditional, so the running app loses nothing): the standings written on the condition that they are as
// read, the completion through the progress store, the notice only where none is.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CheckSummary } from '@shared/contract/checks';
import { completionOnPath, pathOfStudent } from '../paths/paths';
import type { AttemptRecord } from '../checks/port';
import type { ClassRecord } from '../classes/port';
import type { ModuleRecord } from '../modules/port';
import type { PathOverrideRecord } from '../paths/port';
import type { CheckStandings, ProgressKey, ProgressWithStandings } from '../progress/port';
import { currentChecks } from '../progress/scores';
import { makeCheckRepository } from '../checks/adapters/check-repository';
import { commitTransaction, makeCompletionWrites } from '../progress/adapters/completion-writes';
import { reportRowChange } from '../reports/adapters/report-row-change';
import { makeModuleRepository } from '../modules/adapters/module-repository';
import { makePathOverrideRepository } from '../paths/adapters/path-override-repository';
import { makeProgressRepository } from '../progress/adapters/progress-repository';
import { encodeStandings, STANDINGS } from '../progress/adapters/score-attributes';
import { conditionally, keys, makeTableAccess, queries, type TableContext } from '../table/table';

export interface ProgressRepairs {
  /** Progress items given the scores of attempts stored without them. */
  scoresRepaired: number;
  /** Sections completed for a passed attempt that had not completed them. */
  completionsRepaired: number;
  /** "You finished" notices created for modules finished without one. */
  finishesCreated: number;
}

export function makeProgressRepair(context: TableContext) {
  const { client, tableName } = context;
  const table = makeTableAccess(context);
  const modules = makeModuleRepository(context);
  const checks = makeCheckRepository(context);
  const overrides = makePathOverrideRepository(context);
  const progress = makeProgressRepository(context);
  const writes = makeCompletionWrites(tableName);

  /** The class's attempts at one check, by student (consistent: the attempts as stored). */
  async function attemptsByStudent(classId: string, moduleId: string, sectionId: string): Promise<Map<string, AttemptRecord[]>> {
    const items = await table.queryByPrefix<AttemptRecord>(queries.attemptsOfClass(classId, moduleId, sectionId), { consistent: true });
    const byStudent = new Map<string, AttemptRecord[]>();
    for (const item of items) byStudent.set(item.studentId, [...(byStudent.get(item.studentId) ?? []), item]);
    return byStudent;
  }

  /** The standings the stored attempts make, where they say more than the item holds (undefined: nothing to repair). */
  function standingsFromAttempts(stored: CheckStandings, attemptsBySection: Map<string, AttemptRecord[]>): CheckStandings | undefined {
    const repaired: CheckStandings = { ...stored };
    let changed = false;
    for (const [sectionId, attempts] of attemptsBySection) {
      const kept = stored[sectionId];
      const fromAttempts = {
        bestPercent: Math.max(...attempts.map((attempt) => attempt.percent)),
        attempts: attempts.length,
        passed: attempts.some((attempt) => attempt.passed),
      };
      if (kept && kept.attempts >= fromAttempts.attempts && kept.bestPercent >= fromAttempts.bestPercent && (kept.passed || !fromAttempts.passed)) continue;
      repaired[sectionId] = {
        bestPercent: Math.max(kept?.bestPercent ?? 0, fromAttempts.bestPercent),
        attempts: Math.max(kept?.attempts ?? 0, fromAttempts.attempts),
        passed: (kept?.passed ?? false) || fromAttempts.passed,
      };
      changed = true;
    }
    return changed ? repaired : undefined;
  }

  /**
   * Writes the standings if the item still holds those read (the app's attempt meanwhile wins: the next run repairs),
   * with the report row's change in the same transaction.
   */
  const writeStandings = async (key: ProgressKey, before: CheckStandings, after: CheckStandings) => {
    const { classId, moduleId, studentId } = key;
    const standings = {
      TableName: tableName,
      Key: keys.progress(classId, moduleId, studentId),
      UpdateExpression: 'SET #standings = :after, entity = :entity, classId = :class, moduleId = :module, studentId = :student',
      ConditionExpression: Object.keys(before).length === 0 ? 'attribute_not_exists(#standings)' : '#standings = :before',
      ExpressionAttributeNames: { '#standings': STANDINGS },
      ExpressionAttributeValues: {
        ':after': encodeStandings(after),
        ...(Object.keys(before).length > 0 && { ':before': encodeStandings(before) }),
        ':entity': 'Progress',
        ':class': classId,
        ':module': moduleId,
        ':student': studentId,
      },
    };
    return (await commitTransaction(client, [{ Update: standings }, reportRowChange(tableName, key)])) === 'committed';
  };

  /** Creates the student's notice of finishing the module where there is none; true when it did. */
  const createFinish = (key: ProgressKey, schoolClass: ClassRecord, module: ModuleRecord, at: string) =>
    conditionally(() =>
      client.send(
        new UpdateCommand({
          ...writes.moduleFinishedUpdate(key, { className: schoolClass.className, moduleTitle: module.title }, at),
          ConditionExpression: 'attribute_not_exists(finishedAt)',
        }),
      ),
    );

  async function repairStudent(
    key: ProgressKey,
    schoolClass: ClassRecord,
    module: ModuleRecord,
    moduleChecks: CheckSummary[],
    own: PathOverrideRecord | undefined,
    attemptsBySection: Map<string, AttemptRecord[]>,
    repairs: ProgressRepairs,
  ) {
    let item = await progress.getProgress(key);
    const repaired = standingsFromAttempts(item?.checks ?? {}, attemptsBySection);
    if (repaired && (await writeStandings(key, item?.checks ?? {}, repaired))) {
      repairs.scoresRepaired += 1;
      item = await progress.getProgress(key);
    }
    for (const [sectionId, attempts] of attemptsBySection) {
      const pass = attempts.find((attempt) => attempt.passed);
      if (!pass || !item?.checks[sectionId]?.passed || item.completedSections.includes(sectionId)) continue;
      const activityOf = (before: ProgressWithStandings | undefined) => ({
        teacherId: schoolClass.teacherId,
        studentName: '',
        moduleTitle: module.title,
        className: schoolClass.className,
        ...completionOnPath(module, moduleChecks, before, sectionId, undefined, own),
      });
      await progress.addCompletedSection(key, sectionId, pass.submittedAt, activityOf, item);
      repairs.completionsRepaired += 1;
      item = await progress.getProgress(key);
    }
    const path = item && pathOfStudent(module, moduleChecks, item, item.checks, own);
    if (path && path.requiredCount > 0 && path.completedRequiredCount === path.requiredCount) {
      const finishedAt = Object.values(item!.completedAt ?? {}).sort().at(-1) ?? item!.updatedAt ?? new Date().toISOString();
      if (await createFinish(key, schoolClass, module, finishedAt)) repairs.finishesCreated += 1;
    }
  }

  /** The repairs of one class's enrolled students, module by module. */
  async function repairClass(schoolClass: ClassRecord, enrolledStudentIds: string[]): Promise<ProgressRepairs> {
    const repairs: ProgressRepairs = { scoresRepaired: 0, completionsRepaired: 0, finishesCreated: 0 };
    const enrolled = new Set(enrolledStudentIds);
    const { classId } = schoolClass;
    const [assigned, summaries] = await Promise.all([modules.getModules(schoolClass.assignedModuleIds), checks.listCheckSummaries(schoolClass.assignedModuleIds)]);
    for (const module of assigned) {
      const moduleChecks = currentChecks(module, summaries);
      const [items, overrideItems, attempts] = await Promise.all([
        progress.listProgressOfClass(classId, module.moduleId),
        overrides.listOverridesOfClass(classId, module.moduleId),
        Promise.all(moduleChecks.map(({ sectionId }) => attemptsByStudent(classId, module.moduleId, sectionId))),
      ]);
      const studentIds = new Set([...items.map((each) => each.studentId), ...attempts.flatMap((byStudent) => [...byStudent.keys()])]);
      for (const studentId of [...studentIds].filter((id) => enrolled.has(id))) {
        const attemptsBySection = new Map(
          moduleChecks.flatMap(({ sectionId }, index) => {
            const own = attempts[index]!.get(studentId);
            return own ? [[sectionId, own] as const] : [];
          }),
        );
        const own = overrideItems.find((each) => each.studentId === studentId);
        await repairStudent({ classId, moduleId: module.moduleId, studentId }, schoolClass, module, moduleChecks, own, attemptsBySection, repairs);
      }
    }
    return repairs;
  }

  return { repairClass };
}
