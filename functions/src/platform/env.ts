import { SCHOOL_SIGN_IN_PROVIDERS_ENV, type SchoolProviderRule } from '@shared/school-sign-in';

// Configuration, read by the composition roots (handler files) when they build their clients at cold start: a
// missing variable fails loudly then, instead of at the first request. Nothing reads the environment on import.

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

/** Set only by the local stack, which runs the DynamoDB, S3 and Cognito twins on this machine. */
export const localEndpoint = (name: 'DYNAMODB_ENDPOINT' | 'S3_ENDPOINT' | 'COGNITO_ENDPOINT'): string | undefined => process.env[name];

/** Set by the stack where Bedrock drafting is enabled (CDK context `bedrockDrafting`): the model drafting calls. */
export const draftingModelId = (): string | undefined => process.env.DRAFTING_MODEL_ID || undefined;

/**
 * The identity providers the user pool federates and the e-mail domains each may sign in (SCHOOL_SIGN_IN_PROVIDERS,
 * JSON, from the stage's settings); none where school sign-in is off. Malformed configuration fails at cold start.
 */
export function schoolSignInProviders(): SchoolProviderRule[] {
  const text = process.env[SCHOOL_SIGN_IN_PROVIDERS_ENV];
  if (!text) return [];
  const rules = JSON.parse(text) as unknown;
  const valid =
    Array.isArray(rules) &&
    rules.every(
      (rule: Partial<SchoolProviderRule>) =>
        typeof rule.name === 'string' && Array.isArray(rule.domains) && rule.domains.every((domain) => typeof domain === 'string' && domain === domain.toLowerCase()),
    );
  if (!valid) throw new Error(`Environment variable ${SCHOOL_SIGN_IN_PROVIDERS_ENV} is not a list of { name, domains } with lower-case domains`);
  return rules as SchoolProviderRule[];
}

/** School sign-in is on: people sign in through the school's provider, so accounts a roster import makes get no e-mail. */
export const schoolSignInOn = (): boolean => schoolSignInProviders().length > 0;
