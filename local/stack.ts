// The whole product on one machine, in one process: the DynamoDB, S3 and Cognito twins, the API + web server in
// front of the same handler code that runs in Lambda, and the demo data. `npm start` and the tests both call
// startLocalStack; tests pass port 0 and a temporary directory.
import './quiet-aws-sdk-notices';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { PreSignUpTriggerEvent, VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import os from 'node:os';
import path from 'node:path';
import { ltiDeepLinkPageHeaders, securityHeaders } from '../shared/security-headers';
import { readInlineHashes } from '../infra/inline-hashes';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DEFAULT_SCHOOL_TIME_ZONE } from '../shared/school-time';
import { SCHOOL_SIGN_IN_PROVIDERS_ENV } from '../shared/school-sign-in';
import type { WebConfig } from '../shared/web-config';
import { createAccessTokenVerifier } from './access-token';
import { createApiServer, haveHandlersLoaded } from './api-server';
import { ensureToolKeys } from './lti-tool-keys';
import { createApiThrottle } from './api-throttle';
import type { Throttles } from '../infra/capacity';
import { ensureTable, startDatabase } from './database';
import { ensureUserPool, startIdentity } from './identity';
import { assertPortsFree, closeServer, listen } from './listen';
import { makeCognitoUserDirectory } from '../functions/src/people/adapters/cognito-user-directory';
import { describeMigration, migrateTable } from '../functions/src/migrations/table-migration';
import { rebuildStackPeopleIndex } from './people-index';
import { DEMO_USERS, seedDemoData } from './seed';
import { localTableContext, localTableStores } from './table-stores';
import { frameAncestorsOf } from '../functions/src/lti/frame-origins';
import { LTI_FRAME_ANCESTORS_STORE_ENV, READ_FROM_REGISTRATIONS } from '../shared/lti';
import { startLmsBesideApp } from './lms-beside-app';
import { LOCAL_CREDENTIALS, type StackConfig } from './stack-config';
import { startStorage } from './storage';
import { ensureFileLinkKeys, makeFileDelivery } from './file-links';
import { DEMO_SCHOOL_PROVIDERS } from './school-accounts';
import { startSchoolProviders } from './school-provider';
import { storedObjectEvent } from './storage-events';
import type { StoredObjectChange } from '../functions/src/search/handlers/extract-text';
import { DEFAULT_ONEROSTER_SYNC_PREFIX, syncPrefixProblem } from '../shared/oneroster';
import { IN_PROCESS_SCORE_QUEUE, makeInProcessScoreQueue, runScoreQueueInProcess, type InProcessScoreQueue } from '../functions/src/lti/adapters/in-process-score-queue';
import type { LtiScoreMessage } from '../functions/src/lti/port';
import type { ScoreSender } from '../functions/src/lti/scores';

const REPO_ROOT = path.resolve(__dirname, '..');
const EXTRACTION_FUNCTION = path.join(REPO_ROOT, 'functions', 'src', 'search', 'handlers', 'extract-text.ts');
const ONEROSTER_SYNC_FUNCTION = path.join(REPO_ROOT, 'functions', 'src', 'rosters', 'handlers', 'sync-one-roster.ts');
const PRE_SIGN_UP_FUNCTION = path.join(REPO_ROOT, 'functions', 'src', 'school-sign-in', 'handlers', 'pre-sign-up.ts');
const VERIFY_AUTH_CHALLENGE_FUNCTION = path.join(REPO_ROOT, 'functions', 'src', 'lti', 'handlers', 'verify-auth-challenge.ts');
const LTI_SCORE_SENDER = path.join(REPO_ROOT, 'functions', 'src', 'composition', 'lti-scores.ts');

/** How long stop() lets API requests in flight finish (a Lambda's timeout is 10 s; a local request takes far less). */
const DRAIN_MS = 5000;

/** The local server plays CloudFront, so it adds the origin-verify header the handlers require, as in the cloud. */
const LOCAL_ORIGIN_VERIFY_SECRET = 'local-origin-verify';

export interface LocalStackOptions {
  /** Data kept across restarts (one running stack per directory). Omitted: a temporary directory, removed by stop(). */
  dataDir?: string;
  /** Interface to bind and to put in URLs. Default 127.0.0.1. */
  host?: string;
  /** 0 or omitted = any free port. */
  ports?: { app?: number; cognito?: number; cognitoSignIn?: number; schoolSignIn?: number; dynamodb?: number; s3?: number; ltiPlatform?: number };
  /** Start the LTI platform twin (a local LMS) beside the app, registered in the tool (default false). */
  ltiPlatform?: boolean;
  region?: string;
  tableName?: string;
  bucketName?: string;
  /** Seed the demo users, classes and module (default true). */
  seed?: boolean;
  /** The built web app; default web/dist. */
  webRoot?: string;
  /** Progress and seed messages; default silent. */
  log?: (line: string) => void;
  /** Log one line per API request through `log`. */
  logRequests?: boolean;
  /** cognito-local's pino level; default 'error'. */
  identityLogLevel?: string;
  /** Receives the codes the real identity service would e-mail (password reset); default: ignored. */
  onIdentityCode?: (delivery: { email: string; code: string }) => void;
  /**
   * API requests one person may make per rate-limit window; default the product's (CALLER_RATE_LIMIT). Tests and
   * benchmarks that drive hundreds of calls as one person in seconds pass TEST_CALLER_RATE_LIMIT.
   */
  callerRateLimit?: number;
  /** The API's throttles as a stage deploys them (infra/capacity.ts); default none (`npm run bench:lesson-start` sets them). */
  throttles?: Throttles;
  /**
   * Milliseconds per second of the LTI score reports' retry delays (shared/lti.ts): 1000 (the default) waits as SQS
   * would, a test of an LMS outage passes 1.
   */
  ltiScoreRetryMillisecondsPerSecond?: number;
}

/** A per-person limit scripted test runs do not reach; the limit still counts every request. */
export const TEST_CALLER_RATE_LIMIT = 1_000_000;

export interface LocalStack {
  /** Also written to `<dataDir>/stack.json`. */
  config: StackConfig;
  /** Where the data lives (the temporary directory when none was given). */
  dataDir: string;
  /** The LTI score reports queue, run in this process: a test waits for its sends, or reads its dead letters. */
  ltiScoreQueue: InProcessScoreQueue;
  /**
   * Lets browsers sign in from another origin that serves the app (the web bench's HTTP/2 front): the identity twin
   * answers CORS for the app's own origin only, as the deployed pool's app is on one origin.
   */
  allowWebOrigin(origin: string): void;
  /** Closes every server; safe to call twice. */
  stop(): Promise<void>;
}

// The handler files (composition roots) build their clients from these once, when first loaded; a second stack in
// the same process must reuse them.
let handlerEnvironment: string | undefined;

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const host = options.host ?? '127.0.0.1';
  const region = options.region ?? 'us-east-1';
  const tableName = options.tableName ?? 'learning-paths';
  const bucket = options.bucketName ?? 'learning-paths-content';
  const log = options.log ?? (() => undefined);
  // The stage setting oneRosterSyncPrefix, as the environment gives it here (as SCHOOL_TIME_ZONE).
  const syncPrefix = process.env.ONEROSTER_SYNC_PREFIX ?? DEFAULT_ONEROSTER_SYNC_PREFIX;
  const syncPrefixRefused = syncPrefixProblem(syncPrefix);
  if (syncPrefixRefused) throw new Error(`ONEROSTER_SYNC_PREFIX ${syncPrefix} ${syncPrefixRefused}.`);
  const ephemeral = !options.dataDir;
  const dataDir = path.resolve(options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'learning-paths-'))));
  await Promise.all(['s3', 'cognito', 'dynamodb'].map((dir) => mkdir(path.join(dataDir, dir), { recursive: true })));

  // Stopped in order: the app (no request in flight reaches a stopped twin), the twins, then the directory.
  let closeApp = async () => {};
  const extractions = new Set<Promise<void>>();
  /** Runs a storage event's function beside the request, logging its failure; the stop waits for it. */
  const track = (extraction: Promise<void>, what: string) => {
    const settled = extraction.catch((error: Error) => log(`${what} failed: ${error.message}`));
    extractions.add(settled);
    void settled.finally(() => extractions.delete(settled));
  };
  // Score reports are sent once the handlers' environment is set (the sender is loaded by the first report).
  const ltiScoreQueue = makeInProcessScoreQueue({ deliver: sendLtiScore, millisecondsPerSecond: options.ltiScoreRetryMillisecondsPerSecond ?? 1000, log });
  const twins: { close(): Promise<void> }[] = [];
  let releaseDataDir = async () => {};
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const report = (error: unknown) => console.error('Stopping the local stack:', error);
    await closeApp().catch(report);
    ltiScoreQueue.close();
    runScoreQueueInProcess(undefined);
    await Promise.allSettled([...extractions, ltiScoreQueue.settled()]);
    await Promise.all(twins.map((twin) => twin.close().catch(report)));
    await releaseDataDir().catch(report);
    if (ephemeral) await rm(dataDir, { recursive: true, force: true });
  };

  /** The LMS twin on the app's tool URLs, its registration written to the table (stopped with the other twins). */
  const startLms = async (appUrl: string, port: number, databaseEndpoint: string) => {
    const stores = localTableStores({ region, dynamodb: { endpoint: databaseEndpoint, table: tableName }, credentials: LOCAL_CREDENTIALS });
    try {
      const lms = await startLmsBesideApp({ appUrl, port, platforms: stores.ltiPlatforms });
      twins.push(lms.twin);
      return lms;
    } finally {
      stores.destroy();
    }
  };

  try {
    if (!ephemeral) releaseDataDir = await claimDataDir(dataDir);
    const ports = options.ports ?? {};
    await assertPortsFree(host, ports);
    const [database, storage, identity] = await startedTogether(twins, [
      startDatabase({ directory: ephemeral ? undefined : path.join(dataDir, 'dynamodb'), host, port: ports.dynamodb ?? 0 }),
      startStorage({
        directory: path.join(dataDir, 's3'),
        host,
        port: ports.s3 ?? 0,
        bucket,
        onObjectCreated: (key) => {
          // As the bucket's two EventBridge rules route them: the sync's prefix to the OneRoster sync, uploads to extraction.
          track(key.startsWith(syncPrefix) ? syncOneRoster(bucket, key) : runTextExtraction(bucket, key), `${key.startsWith(syncPrefix) ? 'OneRoster sync' : 'Text extraction'} of ${key}`);
        },
        onObjectDeleted: (key) => {
          // Only the extraction's rule takes deletions (the sync's package is left where the school put it).
          if (!key.startsWith(syncPrefix)) track(runTextExtraction(bucket, key, 'Object Deleted'), `Forgetting the terms of ${key}`);
        },
      }),
      startIdentity({
        directory: path.join(dataDir, 'cognito'),
        host,
        port: ports.cognito ?? 0,
        signInPort: ports.cognitoSignIn ?? 0,
        logLevel: options.identityLogLevel,
        onCode: options.onIdentityCode,
        preSignUp: runPreSignUp,
        verifyAuthChallenge: runVerifyAuthChallenge,
      }),
    ] as const);
    const schoolProviders = await startSchoolProviders({
      host,
      port: ports.schoolSignIn ?? 0,
      redirectUri: `${identity.signInEndpoint}/oauth2/idpresponse`,
      providers: DEMO_SCHOOL_PROVIDERS.map(({ name, accounts }) => ({
        name,
        accounts: accounts.map(({ email, password, amr = ['pwd'] }) => ({ email, password, name: nameAtSchool(email), amr })),
      })),
    });
    twins.push(schoolProviders);
    identity.useProviders(schoolProviders.endpoints);
    const fileLinkKeysFile = path.join(dataDir, 'file-link-keys.json');
    const [pool, , ltiToolKeysFile, fileLinkKeys] = await Promise.all([
      ensureUserPool(identity.endpoint, region, path.join(dataDir, 'user-pool.json')),
      ensureTable(database.endpoint, region, tableName),
      ensureToolKeys(path.join(dataDir, 'lti-tool-keys.json')),
      ensureFileLinkKeys(fileLinkKeysFile),
    ]);

    setHandlerEnvironment({
      TABLE_NAME: tableName,
      BUCKET_NAME: bucket,
      DYNAMODB_ENDPOINT: database.endpoint,
      S3_ENDPOINT: storage.endpoint,
      COGNITO_ENDPOINT: identity.endpoint,
      USER_POOL_ID: pool.userPoolId,
      AWS_REGION: region,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      ORIGIN_VERIFY_SECRET: LOCAL_ORIGIN_VERIFY_SECRET,
      LTI_TOOL_KEYS_FILE: ltiToolKeysFile,
      FILE_LINK_KEYS_FILE: fileLinkKeysFile,
      LTI_SCORE_QUEUE_URL: IN_PROCESS_SCORE_QUEUE,
      [LTI_FRAME_ANCESTORS_STORE_ENV]: READ_FROM_REGISTRATIONS,
      // Metrics are CloudWatch's (EMF lines); locally the request and error log lines are what to read.
      POWERTOOLS_METRICS_DISABLED: 'true',
      // The PreSignUp trigger's and the school sign-in routes' providers and domains, as the CDK app sets them.
      [SCHOOL_SIGN_IN_PROVIDERS_ENV]: JSON.stringify(DEMO_SCHOOL_PROVIDERS.map(({ name, domains }) => ({ name, domains }))),
      ...(options.callerRateLimit === undefined ? {} : { CALLER_RATE_LIMIT: String(options.callerRateLimit) }),
    });
    runScoreQueueInProcess(ltiScoreQueue);

    const webConfig: WebConfig = {
      region,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      userPoolEndpoint: identity.endpoint,
      authFlowType: 'USER_SRP_AUTH',
      apiBaseUrl: '',
      schoolTimeZone: process.env.SCHOOL_TIME_ZONE ?? DEFAULT_SCHOOL_TIME_ZONE,
      schoolSignIn: {
        domain: new URL(identity.signInEndpoint).host,
        providers: DEMO_SCHOOL_PROVIDERS.map(({ name, label }) => ({ name, label })),
      },
    };
    const identityAdminClient = new CognitoIdentityProviderClient({ endpoint: identity.endpoint, region, credentials: LOCAL_CREDENTIALS });
    const webRoot = options.webRoot ?? path.join(REPO_ROOT, 'web', 'dist');
    // The cloud's policy with the twins' origins: the browser talks to the identity and storage twins directly.
    // The hashes are the build's at start: after a rebuild, restart the stack (what the build inlines may change).
    const headerOrigins = {
      identity: [identity.endpoint, identity.signInEndpoint],
      files: [storage.endpoint],
      https: false,
      inlineHashes: readInlineHashes(webRoot, { required: false }),
    };
    // The registered LMSs may frame the app's pages: read from the registrations for every page, as the platform routes
    // publish them to CloudFront's key value store in AWS (functions/src/lti/frame-origins.ts).
    const registrations = localTableStores({ region, dynamodb: { endpoint: database.endpoint, table: tableName }, credentials: LOCAL_CREDENTIALS });
    const server: Server = createApiServer({
      webConfig,
      verifyAccessToken: await createAccessTokenVerifier({
        issuer: `${identity.endpoint}/${pool.userPoolId}`,
        userPoolClientId: pool.userPoolClientId,
      }),
      webRoot,
      handlersDir: path.join(REPO_ROOT, 'functions', 'src'),
      securityHeaders: securityHeaders(headerOrigins),
      ltiDeepLinkPageHeaders: ltiDeepLinkPageHeaders(headerOrigins),
      frameAncestors: async () => frameAncestorsOf(await registrations.ltiPlatforms.list()),
      originVerifySecret: LOCAL_ORIGIN_VERIFY_SECRET,
      ...(options.throttles && { throttle: createApiThrottle(options.throttles) }),
      deliverFile: makeFileDelivery({ keys: fileLinkKeys, storage: { endpoint: storage.endpoint, bucket, region } }),
      logRequest: options.logRequests ? log : undefined,
    });
    const appPort = await listen(server, ports.app ?? 0, host, 'app');
    closeApp = async () => {
      await closeServer(server, DRAIN_MS);
      identityAdminClient.destroy();
      registrations.destroy();
    };
    const url = `http://${host}:${appPort}`;
    identity.allowOrigin(url);
    const lms = options.ltiPlatform ? await startLms(url, ports.ltiPlatform ?? 0, database.endpoint) : undefined;

    const config: StackConfig = {
      url,
      apiUrl: url,
      region,
      cognito: { endpoint: identity.endpoint, ...pool },
      s3: { endpoint: storage.endpoint, bucket },
      dynamodb: { endpoint: database.endpoint, table: tableName },
      // Not the object itself: the SDK clients above have marked it with where it came from.
      credentials: { accessKeyId: LOCAL_CREDENTIALS.accessKeyId, secretAccessKey: LOCAL_CREDENTIALS.secretAccessKey },
      users: options.seed === false ? [] : DEMO_USERS,
      sso: { providers: DEMO_SCHOOL_PROVIDERS },
      ...(lms && { lms: { url: lms.twin.url, platformId: lms.platformId, accounts: lms.twin.accounts, banner: lms.banner } }),
    };
    // Data written by an earlier version (rosters on class items, enrolments without e-mails) is brought to today's
    // model before anything else.
    const table = localTableContext(config);
    try {
      const summary = await migrateTable(table, makeCognitoUserDirectory({ client: identityAdminClient, userPoolId: pool.userPoolId, local: true }));
      if (summary.rostersMoved > 0 || summary.emailsFilled > 0 || summary.notInDirectory > 0 || summary.scoresMoved > 0 || summary.scoresRepaired > 0 || summary.completionsRepaired > 0 || summary.finishesCreated > 0 || summary.formerClassesRecorded > 0) log(describeMigration(summary));
    } finally {
      table.client.destroy();
    }
    if (options.seed !== false) await seedDemoData(config, log);
    // The seed's people are made in the user pool directly, as people made outside the app: the repair copies them.
    await rebuildStackPeopleIndex(config);
    await writeFile(path.join(dataDir, 'stack.json'), `${JSON.stringify(config, null, 2)}\n`);
    return { config, dataDir, ltiScoreQueue, allowWebOrigin: (origin) => identity.allowOrigin(origin), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The storage events' function, as EventBridge calls it in AWS: loaded on the first object written or deleted (after
 * the handlers' environment is set), run beside the request that wrote or deleted the object, never inside it.
 */
async function runTextExtraction(bucket: string, key: string, change: StoredObjectChange = 'Object Created'): Promise<void> {
  const { handler } = (await import(EXTRACTION_FUNCTION)) as typeof import('../functions/src/search/handlers/extract-text');
  await handler(storedObjectEvent(change, bucket, key));
}

/** The nightly OneRoster sync's function, as EventBridge calls it in AWS for a package under its prefix. */
async function syncOneRoster(bucket: string, key: string): Promise<void> {
  const { handler } = (await import(ONEROSTER_SYNC_FUNCTION)) as typeof import('../functions/src/rosters/handlers/sync-one-roster');
  await handler(storedObjectEvent('Object Created', bucket, key));
}

let ltiScoreSender: ScoreSender | undefined;

/** The score reports queue's function, as SQS invokes it in AWS for each message (its retries are the queue's). */
async function sendLtiScore(message: LtiScoreMessage): Promise<void> {
  const { buildScoreSender } = (await import(LTI_SCORE_SENDER)) as typeof import('../functions/src/composition/lti-scores');
  ltiScoreSender ??= buildScoreSender();
  await ltiScoreSender.send(message);
}

/** The pool's PreSignUp trigger, as Cognito invokes its Lambda (after the handlers' environment is set). */
async function runPreSignUp(event: PreSignUpTriggerEvent): Promise<void> {
  const { handler } = (await import(PRE_SIGN_UP_FUNCTION)) as typeof import('../functions/src/school-sign-in/handlers/pre-sign-up');
  await handler(event);
}

/** The pool's VerifyAuthChallengeResponse trigger (an LMS launch's one-time code), as Cognito invokes its Lambda. */
async function runVerifyAuthChallenge(event: VerifyAuthChallengeResponseTriggerEvent): Promise<VerifyAuthChallengeResponseTriggerEvent> {
  const { handler } = (await import(VERIFY_AUTH_CHALLENGE_FUNCTION)) as typeof import('../functions/src/lti/handlers/verify-auth-challenge');
  return handler(event);
}

/** How the school's provider names a demo person: the app's name for them, else their e-mail's local part. */
function nameAtSchool(email: string): string {
  return DEMO_USERS.find((user) => user.email === email)?.name ?? email.split('@')[0];
}

function setHandlerEnvironment(variables: Record<string, string>): void {
  const fingerprint = JSON.stringify(variables);
  if (haveHandlersLoaded() && handlerEnvironment !== undefined && handlerEnvironment !== fingerprint) {
    throw new Error(
      'A local stack already ran in this process with other ports or names, and the handlers keep the endpoints they were first loaded with. Restart on the same ports (options.ports), or start each stack in its own process or jest test file.',
    );
  }
  handlerEnvironment = fingerprint;
  Object.assign(process.env, variables);
}

/** Starts twins in parallel; every one that started is registered for stop() even when another fails. */
async function startedTogether<T extends readonly Promise<{ close(): Promise<void> }>[]>(
  registry: { close(): Promise<void> }[],
  starting: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(starting);
  for (const result of results) if (result.status === 'fulfilled') registry.push(result.value);
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (failures.length) throw failures[0];
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as { [K in keyof T]: Awaited<T[K]> };
}

export class DataDirInUseError extends Error {
  name = 'DataDirInUseError';
}

/** One running stack per data directory: two DynamoDB twins on one directory crash on the first request. */
async function claimDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, 'stack.pid');
  const holder = Number(await readFile(lockFile, 'utf8').catch(() => ''));
  if (holder && holder !== process.pid && isRunning(holder)) {
    throw new DataDirInUseError(
      `Another local stack (process ${holder}) is using ${dataDir}; stop it first, or give this one its own data directory (LOCAL_DATA_DIR for npm start).`,
    );
  }
  await writeFile(lockFile, String(process.pid));
  return () => rm(lockFile, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
