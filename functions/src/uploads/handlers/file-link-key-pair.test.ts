// The key pair's custom resource: a generation's pair made once, its private key only in the secret (the public key
// answered to CloudFormation), dropped when the generation is deleted; failures answered as FAILED.
import { createPublicKey } from 'node:crypto';
import { GetSecretValueCommand, PutSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { handler } from './file-link-key-pair';

const secrets = mockClient(SecretsManagerClient);
const SecretId = 'prod-learning-paths/file-link-keys';
let stored: Record<string, string>;
let answers: Record<string, unknown>[];

beforeEach(() => {
  secrets.reset();
  stored = {};
  answers = [];
  secrets.on(GetSecretValueCommand).callsFake(async () => ({ SecretString: JSON.stringify(stored) }));
  secrets.on(PutSecretValueCommand).callsFake(async ({ SecretString }: { SecretString: string }) => {
    stored = JSON.parse(SecretString) as Record<string, string>;
    return {};
  });
  jest.spyOn(global, 'fetch').mockImplementation(async (_url, init) => {
    answers.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response(null, { status: 200 });
  });
});
afterEach(() => jest.restoreAllMocks());

const event = (RequestType: 'Create' | 'Update' | 'Delete', Generation: string) =>
  ({
    RequestType,
    ResponseURL: 'https://cloudformation-custom-resource-response.example/answer',
    StackId: 'stack',
    RequestId: 'request',
    LogicalResourceId: `FileLinkKeyPair${Generation}`,
    ...(RequestType !== 'Create' && { PhysicalResourceId: `${SecretId}#${Generation}` }),
    ResourceType: 'Custom::FileLinkKeyPair',
    ServiceToken: 'arn',
    ResourceProperties: { ServiceToken: 'arn', SecretId, Generation },
  }) as unknown as CloudFormationCustomResourceEvent;

test('a create makes the generation its pair: the private key in the secret beside the others, the public key answered', async () => {
  stored = { 1: 'kept' };
  await handler(event('Create', '2'));
  const [answer] = answers;
  expect(answer).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: `${SecretId}#2`, StackId: 'stack', RequestId: 'request', LogicalResourceId: 'FileLinkKeyPair2' });
  const publicKey = (answer.Data as { PublicKey: string }).PublicKey;
  expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  expect(JSON.stringify(answer)).not.toContain('PRIVATE KEY');
  expect(stored[1]).toBe('kept');
  expect(createPublicKey(stored[2]).export({ type: 'spki', format: 'pem' })).toBe(publicKey);
  // Created again (a retried deploy): the same key, nothing written.
  await handler(event('Create', '2'));
  expect((answers[1].Data as { PublicKey: string }).PublicKey).toBe(publicKey);
  expect(secrets.commandCalls(PutSecretValueCommand)).toHaveLength(1);
});

test("a delete drops the generation's private key only; a secret already gone is nothing to drop; a failure is answered FAILED", async () => {
  stored = { 1: 'old', 2: 'new' };
  await handler(event('Delete', '1'));
  expect(stored).toEqual({ 2: 'new' });
  expect(answers[0]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: `${SecretId}#1` });
  secrets.on(GetSecretValueCommand).rejects(new ResourceNotFoundException({ message: 'gone', $metadata: {} }));
  await handler(event('Delete', '2'));
  expect(answers[1]).toMatchObject({ Status: 'SUCCESS' });
  secrets.on(GetSecretValueCommand).rejects(new Error('AccessDenied'));
  await handler(event('Create', '3'));
  expect(answers[2]).toMatchObject({ Status: 'FAILED', Reason: 'AccessDenied', PhysicalResourceId: `${SecretId}#3` });
});
