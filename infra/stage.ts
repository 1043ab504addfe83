// A stage (`-c stage=<name>`, default `prod`) is one whole deployment of the product. Its name prefixes every stack and
// every name that must be unique in an account and region, so `prod` and `test` deploy side by side in one account.
import type { Construct } from 'constructs';

export const DEFAULT_STAGE = 'prod';

/** Lower case, so it fits every name it prefixes (stack names, CloudWatch names, Secrets Manager names). */
const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,14}$/;

export function checkedStage(stage: string): string {
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(`The stage "${stage}" is not a stage name: use 1 to 15 lower-case letters, digits or hyphens, starting with a letter (e.g. -c stage=test).`);
  }
  return stage;
}

/** The stage the app is synthesized for: CDK context `stage`. */
export const stageOf = (scope: Construct): string => checkedStage(String(scope.node.tryGetContext('stage') ?? DEFAULT_STAGE));

/**
 * The stage a tool changes: `STAGE` in its environment, required (a default would change `prod` by mistake). `command`
 * is how the person ran it, for the sentence that says how.
 */
export function stageFromEnvironment(command: string, environment: NodeJS.ProcessEnv = process.env): string {
  const stage = environment.STAGE;
  if (!stage) throw new Error(`Which stage? Nothing was changed. Name it: STAGE=test ${command} (or STAGE=prod for the school's live one).`);
  return checkedStage(stage);
}

export type StackPart = 'Data' | 'Auth' | 'Api' | 'Web' | 'Edge' | 'Waf';

/** The CloudFormation stack names of a stage, also the stacks' construct ids (CDK derives generated names from them). */
export function stackNames(stage: string): Record<Lowercase<StackPart>, string> {
  const name = (part: StackPart) => `${checkedStage(stage)}-LearningPaths-${part}`;
  return { data: name('Data'), auth: name('Auth'), api: name('Api'), web: name('Web'), edge: name('Edge'), waf: name('Waf') };
}

/** An account-wide physical name of the stage: `<stage>-<name>`. */
export const stageName = (stage: string, name: string) => `${checkedStage(stage)}-${name}`;

/** The stage's origin-verify secret (Secrets Manager): the Api stack creates it, CloudFront and the functions read it. */
export const originVerifySecretName = (stage: string) => stageName(stage, 'learning-paths/origin-verify');

/** The stage's LTI tool keys (Secrets Manager): the Api stack creates it, `npm run rotate-lti-tool-keys` fills it. */
export const ltiToolKeysSecretName = (stage: string) => stageName(stage, 'learning-paths/lti-tool-keys');

/** The stage's file link keys (Secrets Manager): the Api stack creates it, its key pair custom resource fills it. */
export const fileLinkKeysSecretName = (stage: string) => stageName(stage, 'learning-paths/file-link-keys');

/**
 * The SSM parameter (in us-east-1) holding the stage's CloudFront distribution id: the Web stack writes it, the Edge
 * stack's alarm reads it at deploy time (a reference across regions that works without a known account and region).
 */
export const distributionIdParameterName = (stage: string) => `/${checkedStage(stage)}/learning-paths/distribution-id`;
