// The options the infra test files synthesize the app with, built ahead of them by prebuild-syntheses.ts in one
// process. A set missing here is still built, by the first test file that asks, only more slowly.
import type { SynthesizeOptions } from './synthesize';

const ENVIRONMENT = { region: 'eu-west-1', account: '123456789012' };

export const PREBUILT_SYNTHESES: SynthesizeOptions[] = [
  { region: 'eu-west-1' },
  { ...ENVIRONMENT, context: { waf: 'true' } },
  { region: undefined },
  { region: 'eu-west-1', context: { stage: 'test' } },
  { ...ENVIRONMENT, context: { waf: 'true', stage: 'test' } },
  { ...ENVIRONMENT, context: { stage: 'test' } },
  { region: 'eu-west-1', context: { originVerifyGeneration: '2' } },
  { region: 'eu-west-1', context: { tracing: 'false' } },
  { region: 'eu-west-1', context: { oneRosterSyncPrefix: 'sis/nightly/' } },
  { region: 'eu-west-1', context: { bedrockDrafting: 'true' } },
  { region: 'eu-west-1', context: { bedrockDrafting: true, draftingModelId: 'anthropic.claude-3-5-haiku-20241022-v1:0' } },
  // Each of these is asked for by one file, where building it inside Jest cost that file about 15 s of CPU (Jest
  // loads aws-cdk-lib through its own module registry): restored-table and the two SES cases of data-and-auth-stacks.
  { region: 'eu-west-1', context: { tableName: 'prod-learning-paths-20261128t090000z' } },
  { ...ENVIRONMENT, context: { sesFromAddress: 'learning@school.example' } },
  { ...ENVIRONMENT, context: { sesFromAddress: 'learning@school.example', sesIdentity: 'school.example' } },
];
