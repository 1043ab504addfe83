// Builds the whole app with cdk.json's feature flags and hands back templates and messages. Building it takes seconds,
// so each set of options is built once per Jest run: the first test file that asks writes the result to the run's
// cache (synthesis-cache.ts), and the others read it.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App, type Environment } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { SynthesisMessage } from 'aws-cdk-lib/cx-api';
import { REPO_ROOT } from '../constructs/bundling';
import { addLearningPaths } from '../learning-paths';
import { ApiStack } from '../stacks/api-stack';
import { AuthStack } from '../stacks/auth-stack';
import { DataStack } from '../stacks/data-stack';
import { stackNames, stageOf } from '../stage';
import { generatedRoutes } from './generated-routes';
import { INLINE_HASHES_FILE, type InlineHashes } from '../../shared/security-headers';

export type StackKey = 'data' | 'auth' | 'api' | 'web' | 'edge';
/** The optional stacks: the WAF's (`-c waf=true`). */
export type OptionalStackKey = 'waf';

export interface Synthesized {
  /** Each stack's template with its nested stacks' resources merged in (their parameters replaced by what the stack passes). */
  templates: Record<StackKey, Template> & Partial<Record<OptionalStackKey, Template>>;
  /** Every template CloudFormation is given, nested ones too, as it is given them: name → template. */
  cloudFormationTemplates: [string, CfnTemplate][];
  messages: Record<StackKey, SynthesisMessage[]> & Partial<Record<OptionalStackKey, SynthesisMessage[]>>;
  /** The CloudFormation stack names. */
  stackNames: string[];
  /** Directory of the cloud assembly, where assets are staged. */
  outdir: string;
  /** Removes the assembly and the stand-in web build (nothing for a cached one: the run's teardown removes those). */
  cleanup: () => void;
}

/** The variable naming this run's cache directory, set by synthesis-cache.ts; without it every call builds the app. */
export const SYNTHESIS_CACHE_VARIABLE = 'LEARNING_PATHS_SYNTHESIS_CACHE';

export type SynthesizeOptions = {
  region?: string;
  account?: string;
  context?: Record<string, unknown>;
  /** The route table's routes, then copies of them until there are this many (generated-routes.ts). */
  routeCount?: number;
  /** Only the Data, Auth and Api stacks, with no stack importing from them (references.test.ts compares their exports). */
  producersAlone?: true;
};

/** What a cached synthesis keeps on disk: Synthesized with its templates as JSON. */
type CachedSynthesis = Omit<Synthesized, 'templates' | 'cleanup'> & { templates: Record<string, CfnTemplate> };

export const FAKE_INLINE_HASHES: InlineHashes = {
  styles: ['sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='],
  scripts: ['sha256-RFWPLDbv2BY+rCkDzsE+0fr8ylGr2R2faWMhq4lfEQc='],
};

/** A stand-in for web/dist, so infra tests do not depend on the web build. */
function fakeWebDist(parent: string): string {
  const dir = mkdtempSync(path.join(parent, 'web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><script src="/assets/app.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("app");');
  // The hashes of the stylesheet and script the build inlines, which the CSP allows.
  writeFileSync(path.join(dir, INLINE_HASHES_FILE), JSON.stringify(FAKE_INLINE_HASHES));
  // The build writes hidden source maps next to the chunks; they must not be deployed.
  writeFileSync(path.join(dir, 'assets', 'app.js.map'), '{"version":3,"sources":["app.tsx"],"mappings":""}');
  return dir;
}

/**
 * Skips CDK's esbuild step (functions get placeholder code; templates differ only in asset hashes): bundling is
 * checked by bundles.build.test.ts with the same settings, in one esbuild process, and by `npm run synth` in CI.
 * Without a region the app is environment-agnostic, as bin/app.ts is when CDK_DEFAULT_REGION is unset.
 */
export function synthesize(options: SynthesizeOptions = { region: 'eu-west-1' }): Synthesized {
  const cacheDirectory = process.env[SYNTHESIS_CACHE_VARIABLE];
  if (!cacheDirectory) return synthesizeApp(options);
  const file = cacheFileFor(cacheDirectory, options);
  awaitPrebuild(file);
  if (!existsSync(file)) {
    const built = synthesizeApp(options, cacheDirectory);
    const cached: CachedSynthesis = {
      ...built,
      templates: Object.fromEntries(Object.entries(built.templates).map(([key, template]) => [key, template.toJSON() as CfnTemplate])),
    };
    // Another worker may be building the same options: each writes whole files, the last rename wins.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(cached));
    renameSync(partial, file);
  }
  const cached = JSON.parse(readFileSync(file, 'utf8')) as CachedSynthesis;
  return {
    ...cached,
    templates: Object.fromEntries(Object.entries(cached.templates).map(([key, json]) => [key, Template.fromJSON(json)])) as Synthesized['templates'],
    cleanup: () => {},
  };
}

/** Where the run's cache keeps the synthesis of these options. */
export function cacheFileFor(cacheDirectory: string, options: SynthesizeOptions): string {
  return path.join(cacheDirectory, `${createHash('sha256').update(JSON.stringify(options)).digest('hex')}.json`);
}

/** Marks a synthesis the run's prebuilder (prebuild-syntheses.ts) has yet to write; it names the prebuilder's pid. */
export const pendingMarkerFor = (file: string) => `${file}.pending`;

/**
 * Waits while the prebuilder is still to write this file: it builds in one process, where CDK's CloudFormation
 * validation engine (most of a synthesis's CPU) starts once, rather than once in each test file. A prebuilder that
 * died, or failed on these options, leaves the test to build them itself (and to show the error).
 */
function awaitPrebuild(file: string): void {
  const marker = pendingMarkerFor(file);
  const sleep = new Int32Array(new SharedArrayBuffer(4));
  while (!existsSync(file) && existsSync(marker)) {
    let pid: number;
    try {
      pid = Number(readFileSync(marker, 'utf8'));
      if (pid === process.pid) return; // the prebuilder itself
      process.kill(pid, 0);
    } catch {
      return;
    }
    Atomics.wait(sleep, 0, 0, 100);
  }
}

function synthesizeApp({ region, account, context = {}, routeCount, producersAlone }: SynthesizeOptions, parent = tmpdir()): Synthesized {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const outdir = mkdtempSync(path.join(parent, 'cdk-out-'));
  const webDist = fakeWebDist(parent);
  const app = new App({
    outdir,
    context: { ...cdkJson.context, ...context, 'aws:cdk:bundling-stacks': [] },
  });
  const removeDirectories = () => [outdir, webDist].forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  let stacks: Partial<Record<StackKey | OptionalStackKey, { artifactId: string }>>;
  let assembly: ReturnType<App['synth']>;
  try {
    const env = { region, account };
    stacks = producersAlone ? addProducersAlone(app, env) : addLearningPaths(app, { webDistPath: webDist, env, routes: routeCount === undefined ? undefined : generatedRoutes(routeCount) });
    assembly = app.synth();
  } catch (error) {
    removeDirectories(); // an app refused (the tests of bad settings) leaves nothing behind
    throw error;
  }
  const keys = Object.keys(stacks) as (StackKey | OptionalStackKey)[];
  const artifact = (key: StackKey | OptionalStackKey) => assembly.getStackArtifact(stacks[key]!.artifactId);
  const nestedOf = (key: StackKey | OptionalStackKey) => nestedTemplates(artifact(key).template as CfnTemplate, outdir);
  return {
    templates: Object.fromEntries(keys.map((key) => [key, Template.fromJSON(withNested(artifact(key).template as CfnTemplate, nestedOf(key)))])) as Synthesized['templates'],
    cloudFormationTemplates: keys.flatMap((key) => [
      [artifact(key).stackName, artifact(key).template as CfnTemplate] as [string, CfnTemplate],
      ...nestedOf(key).map(({ logicalId, template }) => [`${artifact(key).stackName}/${logicalId.replace(/NestedStack.*$/, '')}`, template] as [string, CfnTemplate]),
    ]),
    messages: Object.fromEntries(keys.map((key) => [key, artifact(key).messages])) as Synthesized['messages'],
    stackNames: keys.map((key) => artifact(key).stackName),
    outdir,
    cleanup: removeDirectories,
  };
}

/** The stacks others import from, as the app builds them, without the Web stack (nor Edge, nor Waf) that imports from them. */
function addProducersAlone(app: App, env: Environment) {
  const names = stackNames(stageOf(app));
  const data = new DataStack(app, names.data, { env });
  const auth = new AuthStack(app, names.auth, { env, table: data.servedTable });
  const api = new ApiStack(app, names.api, { env, stage: stageOf(app), table: data.servedTable, uploadsBucket: data.uploadsBucket, userPool: auth.userPool, userPoolClient: auth.userPoolClient });
  return { data, auth, api };
}

export type CfnTemplate = {
  Resources: Record<string, { Type: string; Properties?: Record<string, any>; Metadata?: Record<string, any>; [key: string]: unknown }>;
  [section: string]: any;
};

/** The nested stacks of a template: their logical ids, what the stack passes them and their templates (assets in the assembly). */
function nestedTemplates(template: CfnTemplate, outdir: string) {
  // A nested template is a file asset: its URL ends in the asset's hash, which the assets manifests map to the file.
  const files = new Map(
    readdirSync(outdir)
      .filter((name) => name.endsWith('.assets.json'))
      .flatMap((name) => Object.entries((JSON.parse(readFileSync(path.join(outdir, name), 'utf8')) as { files?: Record<string, { source: { path: string } }> }).files ?? {}))
      .map(([hash, { source }]) => [hash, source.path]),
  );
  return Object.entries(template.Resources)
    .filter(([, resource]) => resource.Type === 'AWS::CloudFormation::Stack')
    .map(([logicalId, resource]) => {
      const hash = /([0-9a-f]{64})\.json"/.exec(JSON.stringify(resource.Properties?.TemplateURL))![1];
      return {
        logicalId,
        parameters: (resource.Properties?.Parameters ?? {}) as Record<string, unknown>,
        template: JSON.parse(readFileSync(path.join(outdir, files.get(hash)!), 'utf8')) as CfnTemplate,
      };
    });
}

/** The template with its nested stacks' resources and conditions, each parameter replaced by the value passed to it. */
function withNested(template: CfnTemplate, nested: ReturnType<typeof nestedTemplates>): CfnTemplate {
  const merged = { ...template, Resources: { ...template.Resources }, Conditions: { ...template.Conditions } };
  for (const { parameters, template: child } of nested) {
    const substitute = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(substitute);
      if (!value || typeof value !== 'object') return value;
      const ref = (value as { Ref?: string }).Ref;
      if (ref !== undefined && Object.keys(value).length === 1 && ref in parameters) return parameters[ref];
      return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, substitute(each)]));
    };
    Object.assign(merged.Resources, substitute(child.Resources));
    Object.assign(merged.Conditions, substitute(child.Conditions ?? {}));
  }
  if (Object.keys(merged.Conditions).length === 0) delete (merged as Partial<CfnTemplate>).Conditions;
  return merged;
}

export type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

/** Every statement of every identity and resource policy in a template. */
export function policyStatements(template: Template): Statement[] {
  const documents: { Statement: Statement[] }[] = [];
  for (const resource of Object.values(template.toJSON().Resources ?? {}) as { Type: string; Properties?: Record<string, any> }[]) {
    const props = resource.Properties ?? {};
    if (resource.Type === 'AWS::IAM::Policy' || resource.Type === 'AWS::IAM::ManagedPolicy') documents.push(props.PolicyDocument);
    if (resource.Type === 'AWS::S3::BucketPolicy') documents.push(props.PolicyDocument);
    if (resource.Type === 'AWS::IAM::Role') for (const policy of props.Policies ?? []) documents.push(policy.PolicyDocument);
  }
  return documents.flatMap((document) => document.Statement);
}

export const actionsOf = (statement: Statement) => [statement.Action].flat();
