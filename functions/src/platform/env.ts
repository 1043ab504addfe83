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
 * Set (to anything) where the stage turns school sign-in on: people then sign in through the school's provider, so
 * accounts a roster import makes get no invitation e-mail.
 */
export const schoolSignInOn = (): boolean => Boolean(process.env.SCHOOL_SIGN_IN);
