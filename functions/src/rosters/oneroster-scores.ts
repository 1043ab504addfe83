// Scores out (issue 37): a class's checks and its students' best scores as a OneRoster 1.2 gradebook zip, for whoever
// reads the class report. The reads are the class report's (the class, its assigned modules and their current checks,
// the roster, the scores on the class's progress items), plus the OneRoster links of classes and people, so records
// that came from the information system go back under their sourcedIds. The zip is written to storage under the
// exports prefix and answered as a short-lived link, as a person's data export is
// (docs/decisions/rosters/scores-out-through-storage.md).
import type { DataExport } from '@shared/contract/data-export';
import { DOWNLOAD_URL_TTL_SECONDS } from '@shared/constants';
import { scoresExportKey } from '@shared/storage';
import type { Caller } from '../kernel/caller';
import type { Clock, IdGenerator } from '../kernel/ports';
import { requireClass } from '../classes/classes';
import type { ClassStore } from '../classes/port';
import type { AttemptStore, CheckStore } from '../checks/port';
import type { ExportStorage } from '../data-export/port';
import type { ModuleStore } from '../modules/port';
import { byTitle } from '../progress/progress';
import { currentChecks } from '../progress/scores';
import { gradebookZip, type GradebookCheck, type GradebookScore } from './oneroster/gradebook';
import type { OneRosterStore } from './port';

export interface OneRosterScoresPorts {
  classes: ClassStore;
  modules: ModuleStore;
  checks: Pick<CheckStore, 'listCheckSummaries'>;
  attempts: Pick<AttemptStore, 'listScoresOfClass'>;
  links: Pick<OneRosterStore, 'readLinks'>;
  storage: ExportStorage;
  clock: Clock;
  ids: IdGenerator;
}

export type OneRosterScoresService = ReturnType<typeof makeOneRosterScores>;

export function makeOneRosterScores({ classes, modules, checks, attempts, links, storage, clock, ids }: OneRosterScoresPorts) {
  return {
    /** The class's gradebook as a zip in storage, and the link that downloads it; the class's teacher or an admin (as the class report). */
    async exportScores(caller: Caller, classId: string): Promise<DataExport> {
      const schoolClass = await requireClass(classes, caller, classId, 'reader');
      const [assigned, summaries, roster, scores, linked] = await Promise.all([
        modules.getModules(schoolClass.assignedModuleIds),
        checks.listCheckSummaries(schoolClass.assignedModuleIds),
        classes.listAllStudents(classId),
        attempts.listScoresOfClass(classId),
        links.readLinks(['classes', 'people']),
      ]);
      const now = clock.now();
      const gradebookChecks = byTitle(assigned).flatMap((module) => {
        const titles = new Map(module.sections.map((section) => [section._id, section.title]));
        const dueAt = schoolClass.dueAt?.[module.moduleId];
        return currentChecks(module, summaries).map(
          ({ sectionId }): GradebookCheck => ({
            moduleId: module.moduleId,
            moduleTitle: module.title,
            sectionId,
            title: titles.get(sectionId) ?? sectionId,
            // A module assigned before assignment times were kept was assigned no earlier than it was made.
            assignedAt: schoolClass.assignedAt?.[module.moduleId] ?? module.createdAt,
            ...(dueAt && { dueAt }),
          }),
        );
      });
      // The standings keep each check's best percent, not when it was reached: a result is dated by the student's
      // latest attempt in the module, the day the best stood as exported (older items without it: the export's day).
      const gradebookScores = scores.flatMap(({ moduleId, studentId, bySection, lastAttemptAt }) =>
        Object.entries(bySection).map(
          ([sectionId, { bestPercent }]): GradebookScore => ({ moduleId, sectionId, studentId, bestPercent, scoredAt: lastAttemptAt ?? now.toISOString() }),
        ),
      );
      const classLink = linked.classes.find((link) => link.classId === classId);
      const personSourcedIds = new Map(linked.people.map((link) => [link.userId, link.sourcedId]));
      const zip = gradebookZip({
        class: {
          classId,
          name: schoolClass.className,
          ...(classLink && { sourcedId: classLink.sourcedId, schoolSourcedId: classLink.schoolSourcedId, termSourcedId: classLink.termSourcedId }),
        },
        checks: gradebookChecks,
        students: roster.map(({ studentId }) => {
          const sourcedId = personSourcedIds.get(studentId);
          return sourcedId ? { studentId, sourcedId } : { studentId };
        }),
        scores: gradebookScores,
      });
      const fileName = `oneroster-scores-${now.toISOString().slice(0, 10)}.zip`;
      const key = scoresExportKey(classId, ids.newId(), fileName);
      await storage.save(key, zip);
      return { url: await storage.link(key, fileName), fileName, expiresAt: new Date(now.getTime() + DOWNLOAD_URL_TTL_SECONDS * 1000).toISOString(), bytes: zip.length };
    },
  };
}
