// The shape of .local/stack.json: everything a person, a test or a script needs to reach the running local stack.
import type { Role } from '../shared/roles';

export interface SeedUser {
  email: string;
  password: string;
  role: Role;
  /** The Cognito `name` attribute: how the app shows the person. */
  name: string;
  /** A test user with two-factor authentication on: their TOTP secret (base32), to compute sign-in codes. */
  totpSecret?: string;
}

export interface StackConfig {
  /** The app and the API share this origin, as behind CloudFront. */
  url: string;
  /** Base for API calls: route paths from shared/routes.ts (which start with /api) are appended to it. */
  apiUrl: string;
  region: string;
  cognito: { endpoint: string; userPoolId: string; userPoolClientId: string };
  s3: { endpoint: string; bucket: string };
  dynamodb: { endpoint: string; table: string };
  users: SeedUser[];
}

/**
 * A stack the tests that run after a deploy can reach (`npm run test:deployed`): the local stack's config as it is, or
 * a deployed stack's outputs, where no endpoint is given (the AWS SDK's own, with the shell's credentials), plus the
 * test users and their passwords (`npm run test:deployed:setup`).
 */
export interface TargetStack {
  url: string;
  apiUrl: string;
  region: string;
  cognito: { endpoint?: string; userPoolId: string; userPoolClientId: string };
  s3: { endpoint?: string; bucket: string };
  dynamodb: { endpoint?: string; table: string };
  users: SeedUser[];
}

/** The credentials for a client of `service`: the twins' keys locally, the default chain (undefined) on AWS. */
export const credentialsFor = (service: { endpoint?: string }) => (service.endpoint ? LOCAL_CREDENTIALS : undefined);

/** The twins accept any key; these are the ones s3rver knows, and dynalite and cognito-local ignore them. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
