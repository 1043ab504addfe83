// Rotates a stage's origin-verify secret without refusing a request: reads the generation CloudFront sends now (the Api
// stack's output), stores a new value as the next generation next to it in the secret, and prints the deploy that
// switches to it (functions first, which then accept both, then CloudFront). Run again before that deploy, it changes
// nothing and prints the same. AWS credentials as for the AWS CLI; the stage from STAGE (required).
// The deploy reads the generation from the stage's settings file, so the tool writes the new one there too.
import '../local/quiet-aws-sdk-notices';
import { randomBytes } from 'node:crypto';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { rotatedOriginSecret } from '../functions/src/platform/origin-verify';
import { originVerifyKey } from '../shared/edge';
import path from 'node:path';
import { originVerifySecretName } from '../infra/stage';
import { settingsFile, writeStageSetting } from '../infra/stage-settings';
import { deployedStage } from './stage-outputs';

async function main(): Promise<string> {
  const { stage, output } = deployedStage('npm run rotate-origin-secret');
  const deployed = Number(await output('Api', 'OriginVerifyGeneration'));
  const next = deployed + 1;
  const secretId = originVerifySecretName(stage);
  const secrets = new SecretsManagerClient({});
  const { SecretString = '{}' } = await secrets.send(new GetSecretValueCommand({ SecretId: secretId }));
  const deploy = `npm run build && npx cdk deploy --all -c stage=${stage}`;
  const file = path.relative(process.cwd(), settingsFile(stage));
  if (typeof (JSON.parse(SecretString) as Record<string, unknown>)[originVerifyKey(next)] === 'string') {
    writeStageSetting(stage, 'originVerifyGeneration', next);
    return `${secretId} already holds generation ${next}; ${file} says originVerifyGeneration ${next}. Commit it and deploy:\n${deploy}`;
  }
  await secrets.send(new PutSecretValueCommand({ SecretId: secretId, SecretString: rotatedOriginSecret(SecretString, next, randomBytes(24).toString('hex')) }));
  writeStageSetting(stage, 'originVerifyGeneration', next);
  return `Stored generation ${next} in ${secretId} next to ${deployed}, which CloudFront sends until this deploy, and set originVerifyGeneration ${next} in ${file}. Commit it and deploy:\n${deploy}`;
}

main()
  .then((sentence) => console.log(sentence))
  .catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
