// One settings file per stage (infra/stages/<stage>.json), read by the CDK app and every tool, so a deploy without
// flags keeps the stage's e-mail sender, WAF, origin-verify generation, time zone, drafting, tracing, limits and
// the OneRoster sync's prefix.
// `-c <setting>=<value>` still overrides one setting for one command (the file is what the next deploy keeps).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Construct } from 'constructs';
import { z } from 'zod';
import { syncPrefixProblem } from '../shared/oneroster';
import { isTimeZone } from '../shared/school-time';
import { capacityModelSchema } from './capacity';
import { checkedStage, DEFAULT_STAGE } from './stage';

export const STAGES_DIR = path.join(__dirname, 'stages');

/** A boolean in the file, or `-c name=true|false` on the command line (context values arrive as text). */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]);
const wholeNumber = (least: number) => z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().min(least));

const clientId = z.string().min(1);
/**
 * The e-mail domains a provider may sign in: the school's own (issue 36). Lower case, no duplicates; a sign-in with an
 * address of another domain is refused by the PreSignUp trigger.
 */
const domains = z
  .array(
    z
      .string()
      .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'is not a lower-case domain name such as hillside.example.org'),
  )
  .min(1, "lists no domain: give the school's e-mail domains")
  .refine((list) => new Set(list).size === list.length, 'lists a domain twice');
/** The name of a Secrets Manager secret whose whole value is the provider's client secret (never the value itself). */
const secretName = z.string().regex(/^[A-Za-z0-9/_+=.@-]{1,512}$/, 'is not a Secrets Manager secret name (the secret holds the value; the file never does)');

/**
 * Sign-in through the school's identity providers (Cognito federation; docs/decisions/school-sign-in/federation-in-aws.md),
 * null for password sign-in only. Each provider is on when it is not null; client secrets stay in Secrets Manager.
 */
export const schoolSignInSettingsSchema = z
  .object({
    /**
     * The app's origin the hosted sign-in returns to (the login pages on it): the Web stack's AppUrl output, or the
     * site's own domain. A setting, because the Web stack is made after the Auth stack whose client must list it.
     */
    appOrigin: z.url({ protocol: /^https$/, error: 'is not an https address' }).refine((url) => new URL(url).origin === url, 'must be an origin alone: https://host, no path or trailing slash'),
    /** The pool's Cognito domain `<prefix>.auth.<region>.amazoncognito.com`; the prefix must be free in the region across AWS. */
    domainPrefix: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'use lower-case letters, digits and inner hyphens (at most 63)')
      .refine((prefix) => !/aws|amazon|cognito/.test(prefix), 'may not contain aws, amazon or cognito (Cognito reserves them)'),
    /** Google Workspace: the OAuth client of the school's Google Cloud project. */
    google: z.object({ clientId, clientSecretName: secretName, domains }).strict().nullable(),
    /** Microsoft Entra ID (OpenID Connect): the app registration in the school's tenant, the only tenant accepted. */
    microsoft: z.object({ clientId, clientSecretName: secretName, tenantId: z.uuid('is not a tenant id (the directory\'s GUID)'), domains }).strict().nullable(),
    /** Any SAML 2.0 identity provider: its name in the pool (no underscore) and its metadata document. */
    saml: z
      .object({
        name: z
          .string()
          .regex(/^[A-Za-z0-9-]{3,32}$/, 'use 3 to 32 letters, digits or hyphens')
          .refine((name) => !['google', 'microsoft', 'cognito'].includes(name.toLowerCase()), 'is the name of another provider'),
        metadataUrl: z.url({ protocol: /^https$/, error: 'is not an https address' }),
        domains,
      })
      .strict()
      .nullable(),
  })
  .strict()
  .refine((school) => school.google ?? school.microsoft ?? school.saml, 'turns on no provider: set google, microsoft or saml, or set schoolSignIn to null');

function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export type SchoolSignInSettings = z.infer<typeof schoolSignInSettingsSchema>;

export const stageSettingsSchema = z
  .object({
    stage: z.string().refine((stage) => /^[a-z][a-z0-9-]{0,14}$/.test(stage), 'use 1 to 15 lower-case letters, digits or hyphens, starting with a letter'),
    /** The address Cognito's invitations and resets come from through SES; null: Cognito's own sender (50 a day). */
    sesFromAddress: z.email('is not an e-mail address').nullable(),
    /** The identity SES verified for it: the address (null) or its domain. */
    sesIdentity: z.string().min(1).nullable(),
    waf: flag,
    /** API requests one IP may make in 5 minutes before the WAF blocks it. */
    wafRateLimit: wholeNumber(100),
    /** The origin-verify generation CloudFront sends: the number the last `npm run rotate-origin-secret` printed. */
    originVerifyGeneration: wholeNumber(1),
    /** The file link key generation that signs; one higher rotates the key (the one before stays trusted). */
    fileLinkKeyGeneration: wholeNumber(1),
    schoolTimeZone: z.string().refine(isTimeZone, 'is not an IANA time zone name (e.g. Europe/London)'),
    bedrockDrafting: flag,
    /** The Bedrock model drafting calls when bedrockDrafting is on. */
    draftingModelId: z.string().min(1),
    tracing: flag,
    /**
     * Whether the web client allows ADMIN_USER_PASSWORD_AUTH (sign-in with a password through AWS credentials): the
     * deployed test tier's test users sign in that way; a school's live stage has no use for it.
     */
    adminPasswordSignIn: flag,
    /** The table the API uses: null for the one the Data stack creates, or a table restored to a point in time (`npm run restore`, README "Backups and restore"). */
    tableName: z.string().regex(/^[a-zA-Z0-9_.-]{3,255}$/, 'is not a DynamoDB table name').nullable(),
    capacity: capacityModelSchema,
    /** Where the information system drops its nightly OneRoster package in the upload bucket (the sync's events and reads). */
    oneRosterSyncPrefix: z.string().superRefine((prefix, context) => {
      const problem = syncPrefixProblem(prefix);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
    /** As JSON text when given with `-c schoolSignIn=...` (text that is not JSON is refused as not an object). */
    schoolSignIn: z.preprocess(parsedJson, schoolSignInSettingsSchema.nullable()),
  })
  .strict()
  .superRefine((settings, context) => {
    if (settings.sesIdentity !== null && settings.sesFromAddress === null) {
      context.addIssue({ code: 'custom', path: ['sesIdentity'], message: 'needs sesFromAddress too: the address the invitations come from' });
    }
    const domain = settings.sesFromAddress?.split('@')[1];
    if (settings.sesIdentity !== null && settings.sesIdentity !== settings.sesFromAddress && settings.sesIdentity !== domain) {
      context.addIssue({ code: 'custom', path: ['sesIdentity'], message: `must be the identity SES has verified for ${settings.sesFromAddress}: the address itself or its domain ${domain}` });
    }
  });

export type StageSettings = z.infer<typeof stageSettingsSchema>;
export type SettingName = keyof StageSettings;

/** The settings a `-c` flag may override (the capacity model is edited in the file, where it is explained). */
export const OVERRIDABLE_SETTINGS = [
  'sesFromAddress',
  'sesIdentity',
  'waf',
  'wafRateLimit',
  'originVerifyGeneration',
  'fileLinkKeyGeneration',
  'schoolTimeZone',
  'bedrockDrafting',
  'draftingModelId',
  'tracing',
  'adminPasswordSignIn',
  'tableName',
  'schoolSignIn',
  'oneRosterSyncPrefix',
] as const satisfies SettingName[];

export const settingsFile = (stage: string) => path.join(STAGES_DIR, `${stage}.json`);

/** The stages that have a settings file. */
export const knownStages = (): string[] =>
  readdirSync(STAGES_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.basename(file, '.json'))
    .sort();

/**
 * The stage's settings: its file, then the overrides given (CDK context), validated together. Throws an Error naming
 * the file and every setting that is wrong, with what to write instead.
 */
export function loadStageSettings(stage: string, overrides: Partial<Record<SettingName, unknown>> = {}): StageSettings {
  checkedStage(stage);
  const file = settingsFile(stage);
  if (!existsSync(file)) {
    throw new Error(`The stage "${stage}" has no settings file ${path.relative(process.cwd(), file)}: copy infra/stages/test.json to it and set "stage": "${stage}" (stages: ${knownStages().join(', ')}).`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${path.relative(process.cwd(), file)} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  const parsed = stageSettingsSchema.safeParse({ ...(raw as object), ...given });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const from = issue.path.length === 1 && String(issue.path[0]) in given ? ` (from -c ${name}=${String(given[issue.path[0] as string])})` : '';
      return `  ${name || '(file)'}${from}: ${issue.message}`;
    });
    throw new Error(`The settings of stage "${stage}" (${path.relative(process.cwd(), file)}) are not valid:\n${problems.join('\n')}`);
  }
  if (parsed.data.stage !== stage) throw new Error(`${path.relative(process.cwd(), file)} says "stage": "${parsed.data.stage}"; it must say "${stage}".`);
  return parsed.data;
}

/** Writes one setting into the stage's file (validated first), keeping the file's order: a tool's change the next deploy keeps. */
export function writeStageSetting<N extends (typeof OVERRIDABLE_SETTINGS)[number]>(stage: string, name: N, value: StageSettings[N]): void {
  loadStageSettings(stage, { [name]: value });
  const file = settingsFile(stage);
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, `${JSON.stringify({ ...raw, [name]: value }, null, 2)}\n`);
}

const settingsByApp = new WeakMap<object, StageSettings>();

/** The settings the app is synthesized with: the stage's (`-c stage=<name>`, default prod) file and its `-c` overrides. */
export function settingsOf(scope: Construct): StageSettings {
  const root = scope.node.root;
  let settings = settingsByApp.get(root);
  if (!settings) {
    const stage = String(root.node.tryGetContext('stage') ?? DEFAULT_STAGE);
    settings = loadStageSettings(stage, Object.fromEntries(OVERRIDABLE_SETTINGS.map((name) => [name, root.node.tryGetContext(name) as unknown])));
    settingsByApp.set(root, settings);
  }
  return settings;
}
