// The rosters and whole-school figures the people use cases need, as the domain's ports over the class and module
// stores.
import { mapWithConcurrency } from '../../kernel/concurrency';
import type { ClassStore, ModuleStore, RosterNames, SchoolFigures } from '../../domain/ports';

export function makeRosterNames(classes: ClassStore): RosterNames {
  return {
    renameTeacher: (teacherId, name) => classes.renameTeacherInClasses(teacherId, name),
    renameStudent: (student) => classes.renameStudentInClasses(student),
    classesTaughtBy: async (teacherId) => (await classes.listClassesByTeacher(teacherId)).map((record) => record.className),
  };
}

export function makeSchoolFigures(classes: ClassStore, modules: ModuleStore): SchoolFigures {
  return {
    async classes() {
      const all = await classes.listAllClasses();
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
