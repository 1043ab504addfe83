// The reports routes' fixtures (test/integration/routes/context.ts says what a fixture holds).
import type { reportsRoutes } from '@shared/contract/reports';
import { CLASS_ID } from '../support/world';
import type { ResourceFixtures } from './context';

export const reportsFixtures: ResourceFixtures<typeof reportsRoutes> = {
  getClassReport: {
    request: async () => ({ params: { classId: CLASS_ID } }),
    statuses: { teacher: 200, otherTeacher: 404, admin: 200 },
    // A page of it too.
    drive: async ({ world }) => {
      await world.ok('getClassReport', { as: world.teacher, params: { classId: CLASS_ID } });
      await world.ok('getClassReport', { as: world.teacher, params: { classId: CLASS_ID }, path: `/api/progress/class/${CLASS_ID}?limit=1` });
      await world.ok('getClassReport', { as: world.admin, params: { classId: CLASS_ID } });
    },
  },
  getClassDownload: {
    request: async () => ({ params: { classId: CLASS_ID } }),
    statuses: { teacher: 200, otherTeacher: 404, admin: 200 },
  },
  getClassCompletion: {
    request: async () => ({ params: { classId: CLASS_ID } }),
    statuses: { teacher: 200, otherTeacher: 404, admin: 200 },
  },
  getModuleReport: {
    request: async ({ moduleId }) => ({ params: { classId: CLASS_ID, moduleId } }),
    statuses: { teacher: 200, otherTeacher: 404, admin: 200 },
  },
  getStudentReading: {
    request: async ({ world }) => ({ params: { classId: CLASS_ID, studentId: world.student.userId } }),
    statuses: { teacher: 200, otherTeacher: 404, admin: 200 },
  },
};
