// The shape of .local/stack.json: everything a person, a test or a script needs to reach the running local stack.
import type { Role } from '../shared/roles';
import type { SchoolProviderConfig } from './school-accounts';
import type { LtiAccount } from './lti-platform';

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
  /** Base for API calls: route paths from shared/contract/ (which start with /api) are appended to it. */
  apiUrl: string;
  region: string;
  cognito: { endpoint: string; userPoolId: string; userPoolClientId: string };
  s3: { endpoint: string; bucket: string };
  dynamodb: { endpoint: string; table: string };
  /** What scripts sign their calls to the twins with: the Cognito twin refuses unsigned administrative calls, as IAM does. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  users: SeedUser[];
  /** The school sign-in providers and their demo accounts (federated sign-in through the identity twin). */
  sso: { providers: SchoolProviderConfig[] };
  /** The LTI platform twin (a local LMS), when the stack started one: its address, its registration here, its people. */
  lms?: { url: string; platformId: string; accounts: LtiAccount[]; banner: string };
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
  /** The local stack's; absent for a deployed one, whose clients use the shell's AWS credentials. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  users: SeedUser[];
  /** The local LMS twin, on a local stack that started one. */
  lms?: StackConfig['lms'];
}

/**
 * The credentials for a client of the stack: the twins' keys locally, the default chain (undefined) on AWS. A copy,
 * because the SDK marks the object it is given (`$source`), which would then be written out with the config.
 */
export const credentialsFor = (stack: Pick<TargetStack, 'credentials'>) => stack.credentials && { ...stack.credentials };

/** The keys the S3 and Cognito twins check signatures with (as IAM would); dynalite ignores them. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
