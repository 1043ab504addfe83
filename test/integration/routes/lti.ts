// The LTI routes' fixtures (test/integration/routes/context.ts says what a fixture holds); the LTI tool's public
// endpoints are no routes of the table: the route-permission test drives them itself.
import type { ltiRoutes } from '@shared/contract/lti';
import type { ResourceFixtures, RouteContext } from './context';

const registered = async ({ world, ltiPlatform }: RouteContext): Promise<string> =>
  (await world.ok('registerLtiPlatform', { as: world.admin, body: ltiPlatform() }, 201)).platformId;

export const ltiFixtures: ResourceFixtures<typeof ltiRoutes> = {
  listLtiPlatforms: {
    request: async () => ({}),
    statuses: { admin: 200 },
  },
  registerLtiPlatform: {
    request: async ({ ltiPlatform }) => ({ body: ltiPlatform() }),
    statuses: { admin: 201 },
    // The same client ID again is refused.
    drive: async ({ world, ltiPlatform }) => {
      const body = ltiPlatform();
      await world.ok('registerLtiPlatform', { as: world.admin, body }, 201);
      await world.ok('registerLtiPlatform', { as: world.admin, body: { ...body, name: 'Twice' } }, 409);
    },
  },
  editLtiPlatform: {
    request: async (context) => ({ params: { platformId: await registered(context) }, body: context.ltiPlatform('Renamed LMS') }),
    statuses: { admin: 200 },
    // Renamed alone, then a new client ID, which moves the pair that holds it to this registration.
    drive: async ({ world, unique, ltiPlatform }) => {
      const body = ltiPlatform();
      const { platformId } = await world.ok('registerLtiPlatform', { as: world.admin, body }, 201);
      await world.ok('editLtiPlatform', { as: world.admin, params: { platformId }, body: { ...body, name: 'Renamed' } });
      await world.ok('editLtiPlatform', { as: world.admin, params: { platformId }, body: { ...body, clientId: unique('client') } });
    },
  },
  removeLtiPlatform: {
    request: async (context) => ({ params: { platformId: await registered(context) } }),
    statuses: { admin: 204 },
    // A repeat: gone.
    drive: async (context) => {
      const platformId = await registered(context);
      await context.world.ok('removeLtiPlatform', { as: context.world.admin, params: { platformId } });
      await context.world.ok('removeLtiPlatform', { as: context.world.admin, params: { platformId } }, 404);
    },
  },
  // The owning teacher's request, fresh for each call (a request is answered once): the teacher's modules with their
  // check index; the request read alone for another teacher (404).
  getLtiDeepLink: {
    request: async ({ world }) => ({ params: { requestId: await world.givenLtiDeepLinkRequest(world.teacher) } }),
    statuses: { teacher: 200, otherTeacher: 404 },
  },
  answerLtiDeepLink: {
    request: async ({ world, moduleId }) => ({ params: { requestId: await world.givenLtiDeepLinkRequest(world.teacher) }, body: { moduleId } }),
    statuses: { teacher: 200, otherTeacher: 404 },
    // A module with checks (its line item), Cancel, and a second answer refused by the one conditional write.
    drive: async ({ world, checked }) => {
      const moduleId = (await checked()).module._id;
      const answer = async (body: { moduleId: string | null }) => {
        const requestId = await world.givenLtiDeepLinkRequest(world.teacher);
        await world.ok('answerLtiDeepLink', { as: world.teacher, params: { requestId }, body });
        return requestId;
      };
      const answered = await answer({ moduleId });
      await answer({ moduleId: null });
      await world.ok('answerLtiDeepLink', { as: world.teacher, params: { requestId: answered }, body: { moduleId } }, 409);
    },
  },
};
