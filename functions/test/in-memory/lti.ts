// What the LTI tests share: the admin school of admin.ts with the platform registrations over in-memory stores.
import type { LtiPlatformInput } from '@shared/contract/lti';
import { tokens } from '@test/unit-helpers/events';
import { InMemoryLtiPlatforms, PublishedFrameAncestors } from '../../src/lti/fakes/platforms';
import { makeLtiPlatformService } from '../../src/lti/platforms';
import { givenAdminSchool } from './admin';

export const CANVAS: LtiPlatformInput = {
  name: 'Canvas',
  issuer: 'https://canvas.example.edu',
  clientId: '10000000000001',
  deploymentIds: ['1:abc'],
  authLoginUrl: 'https://canvas.example.edu/api/lti/authorize_redirect',
  accessTokenUrl: 'https://canvas.example.edu/login/oauth2/token',
  jwksUrl: 'https://canvas.example.edu/api/lti/security/jwks',
};

export function givenLtiSchool() {
  const school = givenAdminSchool();
  const platforms = new InMemoryLtiPlatforms();
  const frameAncestors = new PublishedFrameAncestors();
  const lti = makeLtiPlatformService({ platforms, directory: school.directory, audit: school.ports.audit, clock: school.ports.clock, ids: school.ports.ids, frameAncestors });
  const admin = { userId: tokens.admin.sub, roles: ['Admins' as const] };
  return { ...school, platforms, frameAncestors, lti, register: (input: LtiPlatformInput) => lti.register(admin, input) };
}
