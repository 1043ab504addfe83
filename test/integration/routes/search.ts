// The search routes' fixtures (test/integration/routes/context.ts says what a fixture holds).
import type { searchRoutes } from '@shared/contract/search';
import type { ResourceFixtures } from './context';

export const searchFixtures: ResourceFixtures<typeof searchRoutes> = {
  getSectionText: {
    request: async ({ moduleId, sectionIds }) => ({ params: { id: moduleId, sectionId: sectionIds[0] } }),
    statuses: { student: 200, otherStudent: 404, teacher: 200, otherTeacher: 404 },
  },
  search: {
    // Inside the module: the one search every admitted caller can make.
    request: async ({ moduleId }) => ({ path: `/api/search?q=cells&moduleId=${moduleId}` }),
    statuses: { student: 200, otherStudent: 404, teacher: 200, otherTeacher: 404 },
    // Across all the teacher's modules too.
    drive: async ({ world, assigned }) => {
      const module = await assigned();
      await world.ok('search', { as: world.teacher, path: '/api/search?q=cells' });
      await world.ok('search', { as: world.teacher, path: `/api/search?q=cells&moduleId=${module._id}` });
      await world.ok('search', { as: world.student, path: `/api/search?q=cells&moduleId=${module._id}` });
    },
  },
};
