// Builds the whole app once for a test file, with cdk.json's feature flags, and hands back templates and messages.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { SynthesisMessage } from 'aws-cdk-lib/cx-api';
import { REPO_ROOT } from '../constructs/bundling';
import { addLearningPaths } from '../learning-paths';
import { INLINE_STYLE_HASHES_FILE } from '../../shared/security-headers';

export type StackKey = 'data' | 'auth' | 'api' | 'web';
/** The optional stacks: the WAF's (`-c waf=true`). */
export type OptionalStackKey = 'waf';

export interface Synthesized {
  templates: Record<StackKey, Template> & Partial<Record<OptionalStackKey, Template>>;
  messages: Record<StackKey, SynthesisMessage[]> & Partial<Record<OptionalStackKey, SynthesisMessage[]>>;
  /** The CloudFormation stack names. */
  stackNames: string[];
  /** Directory of the cloud assembly, where assets are staged. */
  outdir: string;
  /** Removes the assembly and the stand-in web build. */
  cleanup: () => void;
}

export const FAKE_INLINE_STYLE_HASH = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';

/** A stand-in for web/dist, so infra tests do not depend on the web build. */
function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><script src="/assets/app.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("app");');
  // The hash of the stylesheet the build inlines into the public pages, which the CSP allows.
  writeFileSync(path.join(dir, INLINE_STYLE_HASHES_FILE), JSON.stringify([FAKE_INLINE_STYLE_HASH]));
  // The build writes hidden source maps next to the chunks; they must not be deployed.
  writeFileSync(path.join(dir, 'assets', 'app.js.map'), '{"version":3,"sources":["app.tsx"],"mappings":""}');
  return dir;
}

/**
 * Skips CDK's esbuild step (functions get placeholder code; templates differ only in asset hashes): bundling is
 * checked by bundles.build.test.ts with the same settings, in one esbuild process, and by `npm run synth` in CI.
 * Without a region the app is environment-agnostic, as bin/app.ts is when CDK_DEFAULT_REGION is unset.
 */
export function synthesize(
  { region, account, context = {} }: { region?: string; account?: string; context?: Record<string, unknown> } = { region: 'eu-west-1' },
): Synthesized {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const outdir = mkdtempSync(path.join(tmpdir(), 'cdk-out-'));
  const webDist = fakeWebDist();
  const app = new App({
    outdir,
    context: { ...cdkJson.context, ...context, 'aws:cdk:bundling-stacks': [] },
  });
  const stacks: Partial<Record<StackKey | OptionalStackKey, { artifactId: string }>> = addLearningPaths(app, {
    webDistPath: webDist,
    env: { region, account },
  });
  const assembly = app.synth();
  const keys = Object.keys(stacks) as (StackKey | OptionalStackKey)[];
  const artifact = (key: StackKey | OptionalStackKey) => assembly.getStackArtifact(stacks[key]!.artifactId);
  return {
    templates: Object.fromEntries(keys.map((key) => [key, Template.fromJSON(artifact(key).template)])) as Synthesized['templates'],
    messages: Object.fromEntries(keys.map((key) => [key, artifact(key).messages])) as Synthesized['messages'],
    stackNames: keys.map((key) => artifact(key).stackName),
    outdir,
    cleanup: () => [outdir, webDist].forEach((dir) => rmSync(dir, { recursive: true, force: true })),
  };
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
