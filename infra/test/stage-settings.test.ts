// One settings file per stage (infra/stages/<stage>.json): valid, read by the app without flags, overridden by `-c`,
// refused with what to fix; and the tools that change a stage refuse to run until the stage is named.
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { App } from 'aws-cdk-lib';
import { REPO_ROOT } from '../constructs/bundling';
import { stageFromEnvironment } from '../stage';
import { knownStages, loadStageSettings, settingsOf } from '../stage-settings';

test('every stage has a valid settings file naming itself; prod and test are among them', () => {
  expect(knownStages()).toEqual(expect.arrayContaining(['prod', 'test']));
  for (const stage of knownStages()) expect(loadStageSettings(stage).stage).toBe(stage);
});

test("the app reads the stage's file without flags, and a -c flag overrides one setting for that command", () => {
  expect(settingsOf(new App({ context: { stage: 'test' } }))).toEqual(loadStageSettings('test'));
  expect(settingsOf(new App())).toEqual(loadStageSettings('prod'));
  const overridden = settingsOf(new App({ context: { stage: 'test', tracing: 'false', originVerifyGeneration: '3', waf: 'true' } }));
  expect(overridden).toEqual({ ...loadStageSettings('test'), tracing: false, originVerifyGeneration: 3, waf: true });
});

test("prod's client has no password sign-in and traces; the test tier's test users sign in with a password", () => {
  expect(loadStageSettings('prod')).toMatchObject({ adminPasswordSignIn: false, tracing: true });
  expect(loadStageSettings('test')).toMatchObject({ adminPasswordSignIn: true });
});

test('settings that cannot work are refused, every one named with what is wrong', () => {
  expect(() => loadStageSettings('prod', { schoolTimeZone: 'Mars/Olympus', wafRateLimit: '5', sesFromAddress: 'nobody' })).toThrow(
    /stage "prod".*\n {2}sesFromAddress \(from -c sesFromAddress=nobody\): is not an e-mail address\n {2}wafRateLimit .*\n {2}schoolTimeZone .*IANA/s,
  );
  expect(() => loadStageSettings('demo')).toThrow(/The stage "demo" has no settings file infra\/stages\/demo\.json: copy infra\/stages\/test\.json/);
  expect(() => loadStageSettings('Demo_1')).toThrow(/1 to 15 lower-case letters/);
});

test("the OneRoster sync's prefix is folders of the bucket outside protected/, oneroster-sync/ in both stages", () => {
  expect(loadStageSettings('prod').oneRosterSyncPrefix).toBe('oneroster-sync/');
  expect(loadStageSettings('test', { oneRosterSyncPrefix: 'sis/nightly/' }).oneRosterSyncPrefix).toBe('sis/nightly/');
  expect(() => loadStageSettings('test', { oneRosterSyncPrefix: 'sis' })).toThrow(/oneRosterSyncPrefix \(from -c oneRosterSyncPrefix=sis\): use folder names/);
  expect(() => loadStageSettings('test', { oneRosterSyncPrefix: 'protected/sis/' })).toThrow(/must lie outside protected\//);
});

test('a tool asked to change a stage without STAGE refuses and says how', () => {
  expect(() => stageFromEnvironment('npm run create-admin', {})).toThrow('Which stage? Nothing was changed. Name it: STAGE=test npm run create-admin');
  expect(stageFromEnvironment('npm run migrate', { STAGE: 'test' })).toBe('test');
});

const run = promisify(execFile);
const MUTATING_TOOLS: [tool: string, args: string[]][] = [
  ['create-admin.ts', ['--email', 'head@school.example', '--name', 'Hana Head']],
  ['deployed-test-stack.ts', []],
  ['rotate-origin-secret.ts', []],
  ['migrate.ts', []],
  ['manage-classes.ts', ['enroll', 'year-9', 'student@school.example']],
];

test.each(MUTATING_TOOLS)('tools/%s without STAGE (nor LOCAL_STACK) exits 1 before any AWS call, saying to name the stage', async (tool, args) => {
  const { STAGE: _stage, LOCAL_STACK: _local, ...environment } = process.env;
  // No credentials and an unreachable endpoint: a tool that went on to call AWS would fail with another message.
  const env = { ...environment, AWS_ACCESS_KEY_ID: 'none', AWS_SECRET_ACCESS_KEY: 'none', AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL: 'http://127.0.0.1:9' };
  const outcome = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'tools', tool), ...args], { cwd: REPO_ROOT, env }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => error,
  );
  expect(outcome.code).toBe(1);
  expect(outcome.stderr).toContain('Which stage? Nothing was changed. Name it: STAGE=test npm run');
}, 60_000);
