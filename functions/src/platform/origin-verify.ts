// Whether a request came through the app's CloudFront distribution (shared/edge.ts): its origin-verify header carries
// a value of the stage's secret. The deployed functions learn the values from Secrets Manager, once per container on
// the first request that carries the header (their environment names the secret, never holds a value); the local
// stack gives its one value directly. Every value the secret holds is accepted, so during a rotation both the value
// CloudFront sent and the new one pass (README, "Origin-verify secret"). The generation in the environment is the one
// CloudFront sends: a deploy that changes it starts new containers, which read the secret again.
import { timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { originVerifyKey } from '@shared/edge';
import { requiredEnv } from './env';
import { traced } from './tracing';

/** Answers whether a header value is one the API accepts; undefined: no check (handler tests). */
export type OriginCheck = (sent: string | undefined) => Promise<boolean>;

/** The secret's text by its name. */
export type SecretReader = (secretId: string) => Promise<string>;

/** The values accepted: every value the secret holds (the rotation command keeps two at most). */
export function acceptedOriginValues(secretString: string): string[] {
  return Object.values(JSON.parse(secretString) as Record<string, unknown>).filter((value): value is string => typeof value === 'string' && value.length > 0);
}

/**
 * The secret after a rotation to `generation`: the new value next to the one CloudFront sends until the deploy of
 * that generation (`generation - 1`); older values are dropped.
 */
export function rotatedOriginSecret(secretString: string, generation: number, value: string): string {
  const deployed = (JSON.parse(secretString) as Record<string, unknown>)[originVerifyKey(generation - 1)];
  if (typeof deployed !== 'string') {
    throw new Error(`The secret has no value for generation ${generation - 1}: rotate to the generation after the one deployed (it has ${Object.keys(JSON.parse(secretString) as object).join(', ')}).`);
  }
  return JSON.stringify({ [originVerifyKey(generation - 1)]: deployed, [originVerifyKey(generation)]: value });
}

const sameAsOneOf = (sent: string, accepted: readonly string[]) =>
  accepted.some((value) => {
    const [a, b] = [Buffer.from(sent), Buffer.from(value)];
    return a.length === b.length && timingSafeEqual(a, b);
  });

/**
 * The check a handler applies, from its environment: `ORIGIN_VERIFY_SECRET_ID` and `ORIGIN_VERIFY_GENERATION` (deployed),
 * or `ORIGIN_VERIFY_SECRET`, the value itself (the local stack and the bench); neither: no check.
 */
export function originCheckFromEnvironment(readSecret: SecretReader = secretsManagerReader): OriginCheck | undefined {
  const localValue = process.env.ORIGIN_VERIFY_SECRET;
  if (localValue !== undefined) return async (sent) => sent !== undefined && sameAsOneOf(sent, [localValue]);
  const secretId = process.env.ORIGIN_VERIFY_SECRET_ID;
  if (secretId === undefined) return undefined;
  requiredEnv('ORIGIN_VERIFY_GENERATION');
  let accepted: Promise<string[]> | undefined;
  const load = () =>
    readSecret(secretId)
      .then(acceptedOriginValues)
      .catch((error: unknown) => {
        accepted = undefined; // a failed read is tried again by the next request
        throw error;
      });
  return async (sent) => {
    if (!sent) return false;
    accepted ??= load();
    return sameAsOneOf(sent, await accepted);
  };
}

let client: SecretsManagerClient | undefined;

async function secretsManagerReader(secretId: string): Promise<string> {
  client ??= traced(new SecretsManagerClient({}));
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!SecretString) throw new Error(`The secret ${secretId} has no text value`);
  return SecretString;
}
