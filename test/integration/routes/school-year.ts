// The school year routes' fixtures (test/integration/routes/context.ts says what a fixture holds).
import type { schoolYearRoutes } from '@shared/contract/school-year';
import type { ResourceFixtures } from './context';

export const schoolYearFixtures: ResourceFixtures<typeof schoolYearRoutes> = {
  archiveClass: {
    request: async ({ freshClass }) => ({ params: { classId: await freshClass() } }),
    statuses: { admin: 200 },
    // A repeat: the refused update is told apart by reading the class. An archived class takes no enrolment.
    drive: async ({ world, freshClass }) => {
      const classId = await freshClass();
      await world.ok('archiveClass', { as: world.admin, params: { classId } });
      await world.ok('archiveClass', { as: world.admin, params: { classId } });
      await world.ok('enrolStudents', { as: world.admin, params: { classId }, body: { studentIds: [world.otherStudent.userId] } }, 409);
    },
  },
  unarchiveClass: {
    request: async ({ world, freshClass }) => {
      const classId = await freshClass();
      await world.ok('archiveClass', { as: world.admin, params: { classId } });
      return { params: { classId } };
    },
    statuses: { admin: 200 },
    // A repeat too.
    drive: async ({ world, freshClass }) => {
      const classId = await freshClass();
      await world.ok('archiveClass', { as: world.admin, params: { classId } });
      await world.ok('unarchiveClass', { as: world.admin, params: { classId } }, 200);
      await world.ok('unarchiveClass', { as: world.admin, params: { classId } }, 200);
    },
  },
  getRetention: {
    request: async () => ({}),
    statuses: { admin: 200 },
  },
  setRetention: {
    request: async () => ({ body: { days: 365 } }),
    statuses: { admin: 200 },
  },
  rollOverClasses: {
    request: async ({ freshClass }) => ({ body: { yearLabel: 'Next year', archiveOld: false, classes: [{ fromClassId: await freshClass(), classId: crypto.randomUUID() }] } }),
    statuses: { admin: 200 },
    // Classes with progress, the old ones archived; a repeat.
    drive: async ({ world, unique, classWithProgress }) => {
      const fromClassId = await classWithProgress();
      const body = { yearLabel: unique('Year'), archiveOld: true, classes: [{ fromClassId, classId: crypto.randomUUID() }] };
      await world.ok('rollOverClasses', { as: world.admin, body });
      await world.ok('rollOverClasses', { as: world.admin, body });
    },
  },
};
