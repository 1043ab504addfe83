// The school sign-in routes' fixtures (test/integration/routes/context.ts says what a fixture holds).
import type { schoolSignInRoutes } from '@shared/contract/school-sign-in';
import type { ResourceFixtures } from './context';

export const schoolSignInFixtures: ResourceFixtures<typeof schoolSignInRoutes> = {
  getSchoolSignIn: {
    request: async () => ({}),
    statuses: { admin: 200 },
  },
  setSchoolSignInDomain: {
    request: async () => ({ body: { domain: 'example.com', studentsMayJoin: false } }),
    statuses: { admin: 200 },
  },
};
