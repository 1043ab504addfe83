// The classes routes' fixtures (test/integration/routes/context.ts says what a fixture holds).
import type { classesRoutes } from '@shared/contract/classes';
import { CLASS_ID } from '../support/world';
import type { ResourceFixtures } from './context';

export const classesFixtures: ResourceFixtures<typeof classesRoutes> = {
  listClasses: {
    request: async () => ({}),
    statuses: { teacher: 200, otherTeacher: 200 },
  },
  getClass: {
    request: async () => ({ params: { classId: CLASS_ID } }),
    statuses: { student: 200, otherStudent: 404, teacher: 200, otherTeacher: 404, admin: 200 },
  },
  listTeacherClasses: {
    request: async ({ world }) => ({ params: { teacherId: world.teacher.userId } }),
    statuses: { teacher: 200, otherTeacher: 403 },
  },
  listStudentClasses: {
    request: async ({ world }) => ({ params: { userId: world.student.userId } }),
    statuses: { student: 200, otherStudent: 403 },
  },
  unassignModule: {
    request: async ({ newModule, assign }) => {
      const fresh = await newModule('To unassign');
      await assign(fresh._id);
      return { params: { classId: CLASS_ID, moduleId: fresh._id } };
    },
    statuses: { teacher: 200, otherTeacher: 404 },
  },
  assignModule: {
    request: async ({ moduleId }) => ({ params: { classId: CLASS_ID }, body: { moduleId } }),
    statuses: { teacher: 200, otherTeacher: 404 },
  },
  // A module of its own per call, due yesterday: the teacher's reminder is the day's first.
  nudgeStudent: {
    request: async ({ world, newModule }) => {
      const fresh = await newModule('To finish');
      const dueAt = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
      await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: fresh._id, dueAt } });
      return { params: { classId: CLASS_ID, moduleId: fresh._id }, body: { studentId: world.student.userId } };
    },
    statuses: { teacher: 201, otherTeacher: 404 },
    // A repeat the same day, and a student not in the class.
    drive: async ({ world, newModule }) => {
      const module = await newModule();
      await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id, dueAt: '2026-01-05T17:00:00+01:00' } });
      const path = { classId: CLASS_ID, moduleId: module._id };
      await world.ok('nudgeStudent', { as: world.teacher, params: path, body: { studentId: world.student.userId } }, 201);
      await world.ok('nudgeStudent', { as: world.teacher, params: path, body: { studentId: world.student.userId } }, 200);
      await world.ok('nudgeStudent', { as: world.teacher, params: path, body: { studentId: world.otherStudent.userId } }, 404);
    },
  },
};
