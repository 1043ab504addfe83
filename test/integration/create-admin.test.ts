// `npm run create-admin` on the local stack: the first administrator, with a temporary password to change, audited.
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { startLocalStack, type LocalStack } from '@local/stack';
import { createAdmin, type AdminTarget } from '@tools/create-admin';
import { identityClient } from '@local/users';

jest.setTimeout(30_000);

let stack: LocalStack;
let target: AdminTarget;

beforeAll(async () => {
  stack = await startLocalStack({ seed: false });
  const { config } = stack;
  target = {
    identity: identityClient(config) as CognitoIdentityProviderClient,
    documents: DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: config.dynamodb.endpoint, region: config.region, credentials: config.credentials })),
    userPoolId: config.cognito.userPoolId,
    tableName: config.dynamodb.table,
    local: true,
  };
});

afterAll(async () => {
  target.identity.destroy();
  target.documents.destroy();
  await stack.stop();
});

test('creates an administrator with a temporary password, once', async () => {
  const sentence = await createAdmin(['--email', 'Head@School.example', '--name', 'Hana Head'], target);
  expect(sentence).toMatch(/^Created administrator Hana Head <head@school.example>\. Temporary password: \w{4}-\w{4}-\w{4}\n/);
  await expect(createAdmin(['--email', 'head@school.example', '--name', 'Again'], target)).rejects.toThrow(
    'head@school.example already has an account',
  );
});

test.each([
  [['--email', 'nope', '--name', 'X'], 'E-mail is not a valid address.'],
  [['--email', 'a@school.example'], 'Name is required.'],
])('refuses %j with a message', async (args, message) => {
  await expect(createAdmin(args, target)).rejects.toThrow(message);
});
