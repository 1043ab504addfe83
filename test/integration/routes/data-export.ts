// The data export routes' fixtures (test/integration/routes/context.ts says what a fixture holds).
import type { dataExportRoutes } from '@shared/contract/data-export';
import type { ResourceFixtures } from './context';

export const dataExportFixtures: ResourceFixtures<typeof dataExportRoutes> = {
  // The student's attempts and the teacher's modules with their files, each in their own zip written to the bucket.
  exportOwnData: {
    request: async () => ({}),
    statuses: { student: 200, otherStudent: 200, teacher: 200, otherTeacher: 200, admin: 200 },
  },
  exportPersonData: {
    request: async ({ world }) => ({ params: { userId: world.student.userId } }),
    statuses: { admin: 200 },
    // A teacher's, and someone who is not there.
    drive: async ({ world }) => {
      await world.ok('exportPersonData', { as: world.admin, params: { userId: world.teacher.userId } });
      await world.ok('exportPersonData', { as: world.admin, params: { userId: 'does-not-exist' } }, 404);
    },
  },
};
