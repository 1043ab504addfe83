// Rotates a stage's origin-verify secret without refusing a request: reads the generation CloudFront sends now (the Api
// stack's output), stores a new value as the next generation next to it in the secret, and prints the deploy that
// switches to it (functions first, which then accept both, then CloudFront). Run again before that deploy, it changes
// nothing and prints the same. AWS credentials as for the AWS CLI; the stage from STAGE (default prod).
import '../local/quiet-aws-sdk-notices';
import { randomBytes } from 'node:crypto';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { rotatedOriginSecret } from '../functions/src/platform/origin-verify';
import { originVerifyKey } from '../shared/edge';
import { originVerifySecretName, stackNames, stageFromEnvironment } from '../infra/stage';

async function main(): Promise<string> {
  const stage = stageFromEnvironment();
  const apiStack = stackNames(stage).api;
  const { Stacks = [] } = await new CloudFormationClient({}).send(new DescribeStacksCommand({ StackName: apiStack }));
  const deployed = Number(Stacks[0]?.Outputs?.find((output) => output.OutputKey === 'OriginVerifyGeneration')?.OutputValue);
  if (!Number.isInteger(deployed)) throw new Error(`The stack ${apiStack} has no output OriginVerifyGeneration: deploy it first (npx cdk deploy --all -c stage=${stage}).`);
  const next = deployed + 1;
  const secretId = originVerifySecretName(stage);
  const secrets = new SecretsManagerClient({});
  const { SecretString = '{}' } = await secrets.send(new GetSecretValueCommand({ SecretId: secretId }));
  const deploy = `npm run build && npx cdk deploy --all -c stage=${stage} -c originVerifyGeneration=${next}`;
  if (typeof (JSON.parse(SecretString) as Record<string, unknown>)[originVerifyKey(next)] === 'string') {
    return `${secretId} already holds generation ${next}; deploy it (and pass the same -c originVerifyGeneration=${next} on every later deploy):\n${deploy}`;
  }
  await secrets.send(new PutSecretValueCommand({ SecretId: secretId, SecretString: rotatedOriginSecret(SecretString, next, randomBytes(24).toString('hex')) }));
  return `Stored generation ${next} in ${secretId} next to ${deployed}, which CloudFront sends until this deploy (pass the same -c originVerifyGeneration=${next} on every later deploy):\n${deploy}`;
}

main()
  .then((sentence) => console.log(sentence))
  .catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
