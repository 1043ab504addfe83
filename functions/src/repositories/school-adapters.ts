// The class and module data the administration use cases need, as the domain's ports over the repositories.
import type { ClassStore, RosterNames, SchoolFigures } from '../domain/ports';
import { mapWithConcurrency } from '../domain/concurrency';
import {
  deleteClassAndItsData,
  enrollStudentWithinLimit,
  getClass,
  insertClass,
  listAllClasses,
  renameClass,
  renameStudentInClasses,
  renameTeacherInClasses,
  setClassTeacher,
  unenrollStudent,
} from './class-repository';
import { countModulesOfOwner } from './module-repository';

export const rosterNames: RosterNames = {
  renameTeacher: renameTeacherInClasses,
  renameStudent: renameStudentInClasses,
};

export const schoolFigures: SchoolFigures = {
  async classes() {
    const all = await listAllClasses();
    return {
      total: all.length,
      withoutTeacher: all.filter((record) => !record.teacherId).length,
      withoutStudents: all.filter((record) => Object.keys(record.students).length === 0).length,
    };
  },
  async modulesOf(teacherIds) {
    const counts = await mapWithConcurrency(teacherIds, 10, countModulesOfOwner);
    return counts.reduce((sum, count) => sum + count, 0);
  },
};

export const classStore: ClassStore = {
  list: listAllClasses,
  get: getClass,
  create: insertClass,
  rename: renameClass,
  setTeacher: setClassTeacher,
  enrol: enrollStudentWithinLimit,
  unenrol: unenrollStudent,
  delete: deleteClassAndItsData,
};
