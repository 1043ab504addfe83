// The rosters and whole-school figures the people use cases need, as the domain's ports over the class, roster and
// module stores.
import { mapWithConcurrency } from '../../kernel/concurrency';
import type { ClassStore } from '../../classes/port';
import type { ModuleStore } from '../../modules/port';
import type { RosterStore } from '../../rosters/port';
import type { RosterNames, SchoolFigures } from '../port';

export function makeRosterNames(classes: ClassStore, rosters: RosterStore): RosterNames {
  return {
    renameTeacher: (teacherId, name) => rosters.renameTeacherInClasses(teacherId, name),
    renameStudent: (student) => rosters.renameStudentInClasses(student),
    classesTaughtBy: async (teacherId) => (await classes.listClassesByTeacher(teacherId)).map((record) => record.className),
  };
}

export function makeSchoolFigures(rosters: RosterStore, modules: ModuleStore): SchoolFigures {
  return {
    /** The classes in use: archived ones are off the dashboards, last year's (people.ts's overview). */
    async classes() {
      const all = (await rosters.listAllClasses()).filter((record) => record.archivedAt === undefined);
      return {
        total: all.length,
        withoutTeacher: all.filter((record) => !record.teacherId).length,
        withoutStudents: all.filter((record) => record.studentCount === 0).length,
      };
    },
    async modulesOf(teacherIds) {
      const counts = await mapWithConcurrency(teacherIds, 10, (teacherId) => modules.countModulesOfOwner(teacherId));
      return counts.reduce((sum, count) => sum + count, 0);
    },
  };
}
