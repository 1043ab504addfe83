// Fills or rotates a stage's LTI tool key secret (infra/stacks/public-endpoints-stack.ts): a new RSA key goes first and
// signs from then on; the key before it stays published (the overlap); older ones are dropped. The first run replaces
// the placeholder the deploy created. Functions read the document when their containers start. AWS credentials as for
// the AWS CLI; the stage from STAGE (required).
import '../local/quiet-aws-sdk-notices';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { newToolKey, rotatedToolKeys } from '../local/lti-tool-keys';
import { ltiToolKeysSecretName, stageFromEnvironment } from '../infra/stage';

async function main(): Promise<string> {
  const stage = stageFromEnvironment('npm run rotate-lti-tool-keys');
  const secretId = ltiToolKeysSecretName(stage);
  const secrets = new SecretsManagerClient({});
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: secretId })).catch((error: Error) => {
    throw new Error(`Cannot read ${secretId} (${error.message}): deploy the stage first (npx cdk deploy --all -c stage=${stage}).`);
  });
  const { document, kept, dropped } = rotatedToolKeys(SecretString, await newToolKey());
  await secrets.send(new PutSecretValueCommand({ SecretId: secretId, SecretString: document }));
  return [
    `Stored ${secretId}: ${kept[0]} signs from now on${kept[1] ? `, ${kept[1]} stays published` : ''}${dropped.length ? `; dropped ${dropped.join(', ')}` : ''}.`,
    'Run it again only after platforms have fetched the new JWKS (a day later at the earliest): the key it drops must sign nothing by then.',
  ].join('\n');
}

main()
  .then((sentence) => console.log(sentence))
  .catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
