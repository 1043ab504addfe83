// The audit routes' fixtures (test/integration/routes/context.ts says what a fixture holds).
import type { auditRoutes } from '@shared/contract/audit';
import type { ResourceFixtures } from './context';

export const auditFixtures: ResourceFixtures<typeof auditRoutes> = {
  listAuditTrail: {
    request: async () => ({}),
    statuses: { admin: 200 },
    // Filtered too.
    drive: async ({ world }) => {
      await world.ok('listAuditTrail', { as: world.admin });
      await world.ok('listAuditTrail', { as: world.admin, path: `/api/admin/audit?action=invite&actorId=${world.admin.userId}&from=2026-01-01T00:00:00.000Z` });
    },
  },
};
