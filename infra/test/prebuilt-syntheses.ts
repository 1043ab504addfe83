// The options the infra test files synthesize the app with, built ahead of them by prebuild-syntheses.ts in one
// process. A set missing here is still built, by the first test file that asks, only more slowly.
import type { SchoolSignInSettings } from '../stage-settings';
import type { SynthesizeOptions } from './synthesize';

const ENVIRONMENT = { region: 'eu-west-1', account: '123456789012' };

export const SCHOOL_APP_ORIGIN = 'https://d111111abcdef8.cloudfront.net';
export const SCHOOL_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
export const SCHOOL_SIGN_IN: SchoolSignInSettings = {
  appOrigin: SCHOOL_APP_ORIGIN,
  domainPrefix: 'learning-paths-hillside',
  google: { clientId: 'google-client.apps.googleusercontent.com', clientSecretName: 'prod-learning-paths/google-client-secret', domains: ['hillside.example.org'] },
  microsoft: { clientId: '00000000-0000-0000-0000-0000000000aa', clientSecretName: 'prod-learning-paths/microsoft-client-secret', tenantId: SCHOOL_TENANT, domains: ['hillside.example.org', 'staff.hillside.example.org'] },
  saml: { name: 'Hillside', metadataUrl: 'https://idp.hillside.example/metadata.xml', domains: ['hillside.example.org'] },
};
export const RESTORED_TABLE_NAME = 'prod-learning-paths-20261128t090000z';

/**
 * Every optional stage setting away from its default in ONE synthesis (each costs seconds of CPU): each test reads the
 * effect of its own setting there, and the defaults from `{ region: 'eu-west-1' }`. The settings touch separate
 * resources, so one does not hide another's effect.
 */
export const WITH_SETTINGS_CHANGED: SynthesizeOptions = {
  region: 'eu-west-1',
  context: {
    originVerifyGeneration: '2',
    fileLinkKeyGeneration: '2',
    tracing: 'false',
    oneRosterSyncPrefix: 'sis/nightly/',
    bedrockDrafting: 'true',
    tableName: RESTORED_TABLE_NAME,
    schoolSignIn: SCHOOL_SIGN_IN,
  },
};

/** The app with 150 routes (the route table's shapes cloned), with the WAF: room to grow (limits.test.ts). */
export const LIMITS_SYNTHESIS: SynthesizeOptions = { ...ENVIRONMENT, context: { waf: 'true' }, routeCount: 150 };

/** The test stage, with the WAF and an account (the runbook, stages and user pool tests read it). */
export const TEST_STAGE: SynthesizeOptions = { ...ENVIRONMENT, context: { waf: 'true', stage: 'test' } };
export const TEST_STAGE_WITHOUT_WAF: SynthesizeOptions = { region: 'eu-west-1', context: { stage: 'test' } };

/** The stacks others import from, with no importer: built in a Jest test file it cost about 15 s of CPU. */
export const PRODUCERS_ALONE: SynthesizeOptions = { ...ENVIRONMENT, producersAlone: true };

export const PREBUILT_SYNTHESES: SynthesizeOptions[] = [
  { region: 'eu-west-1' },
  { ...ENVIRONMENT, context: { waf: 'true' } },
  { region: undefined },
  TEST_STAGE,
  TEST_STAGE_WITHOUT_WAF,
  WITH_SETTINGS_CHANGED,
  LIMITS_SYNTHESIS,
  PRODUCERS_ALONE,
  { region: 'eu-west-1', context: { bedrockDrafting: true, draftingModelId: 'anthropic.claude-3-5-haiku-20241022-v1:0' } },
  // Each of these is asked for by one file, where building it inside Jest cost that file about 15 s of CPU (Jest
  // loads aws-cdk-lib through its own module registry): the two SES cases of data-and-auth-stacks.
  { ...ENVIRONMENT, context: { sesFromAddress: 'learning@school.example' } },
  { ...ENVIRONMENT, context: { sesFromAddress: 'learning@school.example', sesIdentity: 'school.example' } },
];
