// The progress routes' fixtures (test/integration/routes/context.ts says what a fixture holds).
import type { progressRoutes } from '@shared/contract/progress';
import { CLASS_ID } from '../support/world';
import type { ResourceFixtures } from './context';

export const progressFixtures: ResourceFixtures<typeof progressRoutes> = {
  getProgress: {
    request: async ({ world, moduleId }) => ({ params: { studentId: world.student.userId, moduleId, classId: CLASS_ID } }),
    statuses: { student: 200, otherStudent: 404, teacher: 200, otherTeacher: 404 },
  },
  markComplete: {
    request: async ({ world, moduleId, sectionIds }) => ({ body: { studentId: world.student.userId, moduleId, classId: CLASS_ID, sectionId: sectionIds[1] } }),
    statuses: { student: 200, otherStudent: 403 },
  },
  getStudentClassProgress: {
    request: async ({ world }) => ({ params: { classId: CLASS_ID, studentId: world.student.userId } }),
    statuses: { student: 200, otherStudent: 404, teacher: 200, otherTeacher: 404 },
  },
  recordReading: {
    request: async ({ moduleId, sectionIds }) => ({ params: { id: moduleId, sectionId: sectionIds[1] }, body: { classId: CLASS_ID, opened: true, page: 2, minutes: 1 } }),
    statuses: { student: 200, otherStudent: 404 },
    // A first reading, then one that adds to it.
    drive: async ({ world, assigned }) => {
      const module = await assigned();
      const path = { id: module._id, sectionId: module.sections[0]._id };
      await world.ok('recordReading', { as: world.student, params: path, body: { classId: CLASS_ID, opened: true, page: 3, minutes: 1 } });
      await world.ok('recordReading', { as: world.student, params: path, body: { classId: CLASS_ID, page: 4 } });
    },
  },
};
