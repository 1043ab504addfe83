// What integration and browser tests use to run against the real local stack (see local/): start it on free
// ports in a temporary directory, create users with a role, sign in for an access token.
export { startLocalStack, TEST_CALLER_RATE_LIMIT, type LocalStack, type LocalStackOptions } from '@local/stack';
export type { SeedUser, StackConfig } from '@local/stack-config';
export {
  createUser,
  ensureUser,
  identityClient,
  nextSecond,
  signIn,
  signInTokens,
  type CreatedUser,
  type NewUser,
  type SignInTokens,
} from '@local/users';
export { DEMO_CLASSES, DEMO_USERS, SEED_FILES_DIR } from '@local/seed';
