// CloudFormation's custom resource for one generation of the file-link key pair (infra/constructs/file-link-keys.ts):
// made on create, its private key kept in the stage's key secret under the generation's number and never in
// CloudFormation; it answers the public key, which the stack gives CloudFront. Deleted when a rotation drops the
// generation. A create for a generation the secret already holds answers that key (a retried deploy keeps its key).
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { traced } from '../../platform/tracing';

export interface KeyPairProperties {
  SecretId: string;
  Generation: string;
}

let secrets: SecretsManagerClient | undefined;
const client = () => (secrets ??= traced(new SecretsManagerClient({})));

async function readKeys(secretId: string): Promise<Record<string, string>> {
  const { SecretString } = await client().send(new GetSecretValueCommand({ SecretId: secretId }));
  const parsed = JSON.parse(SecretString ?? '{}') as unknown;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
}

const writeKeys = (secretId: string, keys: Record<string, string>) =>
  client().send(new PutSecretValueCommand({ SecretId: secretId, SecretString: JSON.stringify(keys) }));

/** The generation's public key (PEM), making and storing its pair when the secret has none. */
export async function ensureKeyPair({ SecretId, Generation }: KeyPairProperties): Promise<string> {
  const keys = await readKeys(SecretId);
  if (!keys[Generation]) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    keys[Generation] = privateKey;
    await writeKeys(SecretId, keys);
  }
  return createPublicKey(keys[Generation]).export({ type: 'spki', format: 'pem' }).toString();
}

/** Forgets the generation's private key (its public key has left the key group by then). */
export async function dropKeyPair({ SecretId, Generation }: KeyPairProperties): Promise<void> {
  const keys = await readKeys(SecretId).catch((error: Error) => {
    // The secret went first (a torn-down stack): nothing is left to drop.
    if (error.name === 'ResourceNotFoundException') return undefined;
    throw error;
  });
  if (!keys?.[Generation]) return;
  delete keys[Generation];
  await writeKeys(SecretId, keys);
}

/** Answers CloudFormation at the event's response URL, as a custom resource backed by a function must. */
export async function handler(event: CloudFormationCustomResourceEvent): Promise<void> {
  const properties = event.ResourceProperties as unknown as KeyPairProperties & { ServiceToken: string };
  const physicalResourceId = `${properties.SecretId}#${properties.Generation}`;
  let outcome: { Status: 'SUCCESS'; Data?: { PublicKey: string } } | { Status: 'FAILED'; Reason: string };
  try {
    outcome = event.RequestType === 'Delete' ? (await dropKeyPair(properties), { Status: 'SUCCESS' }) : { Status: 'SUCCESS', Data: { PublicKey: await ensureKeyPair(properties) } };
  } catch (error) {
    outcome = { Status: 'FAILED', Reason: (error as Error).message };
  }
  const body = JSON.stringify({
    ...outcome,
    PhysicalResourceId: event.RequestType === 'Create' ? physicalResourceId : event.PhysicalResourceId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  });
  // The response URL is a presigned S3 PUT signed without a content type.
  const answer = await fetch(event.ResponseURL, { method: 'PUT', body, headers: { 'content-type': '' } });
  if (!answer.ok) throw new Error(`CloudFormation's response URL answered ${answer.status}`);
}
