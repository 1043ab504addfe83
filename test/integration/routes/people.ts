// The people routes' fixtures (test/integration/routes/context.ts says what a fixture holds).
import { localTableStores } from '@local/table-stores';
import type { peopleRoutes } from '@shared/contract/people';
import type { ResourceFixtures } from './context';

export const peopleFixtures: ResourceFixtures<typeof peopleRoutes> = {
  renameSelf: {
    // Everyone renames themselves to the name they have, so the calls after this one see the same names.
    request: async ({ world }, caller) => ({ body: { name: caller === 'anonymous' || caller === 'idToken' ? 'Nobody' : world[caller].name } }),
    statuses: { student: 200, otherStudent: 200, teacher: 200, otherTeacher: 200, admin: 200 },
  },
  getAdminOverview: {
    request: async () => ({}),
    statuses: { admin: 200 },
  },
  listPeople: {
    request: async () => ({}),
    statuses: { admin: 200 },
    // A copy still saying "invited" of someone who has signed in since: the list marks it signed in. And filtered.
    drive: async ({ world }) => {
      const stores = localTableStores(world.config);
      const { userId, email, name } = world.student;
      await stores.peopleIndex.save({ userId, email, name, role: 'Students', status: 'invited', createdAt: new Date().toISOString() });
      stores.destroy();
      await world.ok('listPeople', { as: world.admin });
      await world.ok('listPeople', { as: world.admin, path: '/api/admin/people?role=Students' });
      await world.ok('listPeople', { as: world.admin, path: '/api/admin/people?search=sam&status=active' });
    },
  },
  invitePerson: {
    request: async ({ invitee }) => ({ body: invitee() }),
    statuses: { admin: 201 },
    // A retry of the pending invitation answers it; the same e-mail in another role is refused.
    drive: async ({ world, invitee }) => {
      const body = invitee();
      await world.ok('invitePerson', { as: world.admin, body });
      await world.ok('invitePerson', { as: world.admin, body }, 200);
      await world.ok('invitePerson', { as: world.admin, body: { ...body, role: 'Teachers' } }, 409);
    },
  },
  invitePeople: {
    request: async ({ invitee }) => ({ body: { people: [invitee(), invitee()] } }),
    statuses: { admin: 200 },
    // One of them has an account already.
    drive: ({ world, invitee }) => world.ok('invitePeople', { as: world.admin, body: { people: [invitee(), { ...invitee(), email: world.student.email }] } }),
  },
  lookupPeople: {
    request: async ({ world }) => ({ body: { emails: [world.student.email, world.teacher.email] } }),
    statuses: { admin: 200 },
  },
  renamePerson: {
    request: async ({ invited }) => ({ params: { userId: (await invited()).userId }, body: { name: 'Renamed Person' } }),
    statuses: { admin: 200 },
  },
  changeRole: {
    request: async ({ invited }) => ({ params: { userId: (await invited()).userId }, body: { role: 'Teachers' } }),
    statuses: { admin: 200 },
  },
  disablePerson: {
    request: async ({ invited }) => ({ params: { userId: (await invited()).userId } }),
    statuses: { admin: 200 },
  },
  enablePerson: {
    request: async ({ world, invited }) => {
      const { userId } = await invited();
      await world.ok('disablePerson', { as: world.admin, params: { userId } });
      return { params: { userId } };
    },
    statuses: { admin: 200 },
  },
  setPeopleAccess: {
    request: async ({ invited }) => ({ body: { access: 'disabled', userIds: [(await invited()).userId, (await invited()).userId] } }),
    statuses: { admin: 200 },
    // Disabled, then enabled again.
    drive: async ({ world, invited }) => {
      const userIds = [(await invited()).userId, (await invited()).userId];
      await world.ok('setPeopleAccess', { as: world.admin, body: { access: 'disabled', userIds } });
      await world.ok('setPeopleAccess', { as: world.admin, body: { access: 'enabled', userIds } });
    },
  },
  resendInvitation: {
    request: async ({ invited }) => ({ params: { userId: (await invited()).userId } }),
    statuses: { admin: 200 },
  },
};
