// The notifications routes' fixtures (test/integration/routes/context.ts says what a fixture holds).
import type { notificationsRoutes } from '@shared/contract/notifications';
import type { ResourceFixtures } from './context';

export const notificationsFixtures: ResourceFixtures<typeof notificationsRoutes> = {
  getNotifications: {
    request: async () => ({}),
    statuses: { student: 200, otherStudent: 200, teacher: 200, otherTeacher: 200 },
  },
  markNotificationsRead: {
    request: async () => ({}),
    statuses: { student: 204, otherStudent: 204, teacher: 204, otherTeacher: 204 },
  },
};
