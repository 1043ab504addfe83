// The Cognito twin's body, run in a worker thread by identity.ts: cognito-local assembled the way its
// createDefaultServer does, but with its data under our data directory (its default is ./.cognito of the working
// directory), our port and issuer, saves written one at a time, and the GetTokensFromRefreshToken target that
// Amplify's token refresh calls. A worker thread, because cognito-local requires an ES module (otplib's
// @scure/base), which Node 20 loads but Jest's module system cannot: the worker uses Node's own loader.
import './quiet-aws-sdk-notices';
import { createServer as createHttpServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { DefaultConfig } from 'cognito-local/lib/server/config';
import { Router } from 'cognito-local/lib/server/Router';
import { createServer } from 'cognito-local/lib/server/server';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import type { Context } from 'cognito-local/lib/services/context';
import { UserNotFoundError } from 'cognito-local/lib/errors';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import type { DataStore } from 'cognito-local/lib/services/dataStore/dataStore';
import type { DataStoreFactory } from 'cognito-local/lib/services/dataStore/factory';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { InitiateAuth } from 'cognito-local/lib/targets/initiateAuth';
import { Targets } from 'cognito-local/lib/targets/targets';
import { closeServer, listen, PortInUseError } from './listen';

type Logger = Parameters<typeof createServer>[1];

export interface IdentityTwinOptions {
  directory: string;
  host: string;
  port: number;
  /** pino level for cognito-local's own log (JSON lines on stdout); 'silent' hides even its errors. */
  logLevel: string;
}

/** What the worker tells identity.ts. */
export type IdentityTwinMessage =
  | { type: 'ready'; port: number }
  /** A code cognito-local would have e-mailed (a password reset): the parent prints it. */
  | { type: 'code'; email: string; code: string }
  | { type: 'failed'; message: string; portInUse: boolean }
  | { type: 'closed' };

async function startTwin(options: IdentityTwinOptions): Promise<{ port: number; close(): Promise<void> }> {
  registerRefreshTokenTarget();
  registerGlobalSignOutTarget();
  const logger = createLogger(options.logLevel);
  const ctx: Context = { logger };
  const dataDirectory = path.join(options.directory, 'db');
  const dataStores = new SerializedDataStoreFactory(new StormDBDataStoreFactory(dataDirectory));
  // The issuer needs the bound port, known only after listen (port 0 in tests); the generator reads it per token.
  const tokenConfig = { IssuerDomain: '' };
  const config = { ...DefaultConfig, TriggerFunctions: {}, TokenConfig: tokenConfig };
  const clock = new DateClock();
  const cognito = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStores,
    new UserPoolServiceFactoryImpl(clock, dataStores),
  ).create(ctx, config.UserPoolDefaults);
  // No Lambda triggers locally: the client is never called while TriggerFunctions is empty.
  const noLambda = {} as ConstructorParameters<typeof LambdaService>[1];
  const triggers = new TriggersService(clock, cognito, new LambdaService({}, noLambda), new CryptoService(config.KMSConfig));
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(codeToParent)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, tokenConfig),
    triggers,
  };
  const app = createServer(Router(services), logger, { ...config.ServerConfig, development: false }, services);
  const server = createHttpServer(app.application);
  const port = await listen(server, options.port, options.host, 'cognito');
  tokenConfig.IssuerDomain = `http://${options.host}:${port}`;
  return {
    port,
    close: async () => {
      await closeServer(server);
      await dataStores.flush();
    },
  };
}

/**
 * Amplify v6 refreshes tokens with GetTokensFromRefreshToken, which cognito-local lacks; it is InitiateAuth's
 * REFRESH_TOKEN_AUTH flow under another name. Cognito returns a refresh token only when rotation is on; we hand
 * back the one sent, which is what a client keeps using either way.
 */
function registerRefreshTokenTarget(): void {
  const targets = Targets as unknown as Record<string, unknown>;
  if (targets.GetTokensFromRefreshToken) return;
  targets.GetTokensFromRefreshToken =
    (services: Parameters<typeof InitiateAuth>[0]) =>
    async (ctx: Context, req: { RefreshToken: string; ClientId: string; ClientMetadata?: Record<string, string> }) => {
      const result = await InitiateAuth(services)(ctx, {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: req.ClientId,
        AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
        ClientMetadata: req.ClientMetadata,
      });
      return { AuthenticationResult: { ...result.AuthenticationResult, RefreshToken: req.RefreshToken } };
    };
}

/**
 * AdminUserGlobalSignOut, which offboarding calls and cognito-local lacks: it forgets the user's refresh tokens, so
 * the next refresh fails as in Cognito. (Access tokens already issued live on; the local API server refuses a
 * disabled user's tokens, standing in for their short lifetime in the cloud.)
 */
function registerGlobalSignOutTarget(): void {
  const targets = Targets as unknown as Record<string, unknown>;
  if (targets.AdminUserGlobalSignOut) return;
  targets.AdminUserGlobalSignOut =
    ({ cognito }: Parameters<typeof InitiateAuth>[0]) =>
    async (ctx: Context, req: { UserPoolId: string; Username: string }) => {
      const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
      const user = await userPool.getUserByUsername(ctx, req.Username);
      if (!user) throw new UserNotFoundError();
      await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
      return {};
    };
}

function createLogger(level: string): Logger {
  // cognito-local's own pino, resolved from where cognito-local is installed rather than as our dependency.
  const requireFromCognitoLocal = createRequire(require.resolve('cognito-local/package.json'));
  const pino = requireFromCognitoLocal('pino') as (options: { level: string }) => Logger;
  return pino({ level });
}

/**
 * Instead of e-mail: every code (ForgotPassword's) goes to the parent thread, which prints it in `npm start`'s log,
 * the only place a local user can read it.
 */
const codeToParent: ConstructorParameters<typeof MessageDeliveryService>[0] = {
  sendEmail: async (_ctx, _user, destination, message) => {
    parentPort?.postMessage({ type: 'code', email: destination, code: String(message.__code ?? '') } satisfies IdentityTwinMessage);
  },
  sendSms: async (_ctx, _user, destination, message) => {
    parentPort?.postMessage({ type: 'code', email: destination, code: String(message.__code ?? '') } satisfies IdentityTwinMessage);
  },
};

/**
 * cognito-local saves a whole JSON file per change with fs.writeFile; two saves in flight can interleave and leave
 * a corrupt file behind for the next start. This queues each store's writes and lets stop() wait for the last one.
 */
class SerializedDataStoreFactory implements DataStoreFactory {
  private pending = new Set<Promise<unknown>>();

  constructor(private readonly inner: DataStoreFactory) {}

  async create(ctx: Context, id: string, defaults: object): Promise<DataStore> {
    const store = await this.inner.create(ctx, id, defaults);
    let queue: Promise<unknown> = Promise.resolve();
    const serialized = <T>(write: () => Promise<T>): Promise<T> => {
      const next = queue.then(write, write);
      const settled = next.catch(() => undefined);
      queue = settled;
      this.pending.add(settled);
      void settled.then(() => this.pending.delete(settled));
      return next;
    };
    return {
      get: store.get.bind(store) as DataStore['get'],
      getRoot: store.getRoot.bind(store),
      set: (context, key, value) => serialized(() => store.set(context, key, value)),
      delete: (context, key) => serialized(() => store.delete(context, key)),
    };
  }

  async flush(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}

if (parentPort) {
  const port = parentPort;
  const send = (message: IdentityTwinMessage) => port.postMessage(message);
  startTwin(workerData as IdentityTwinOptions).then(
    (twin) => {
      port.on('message', (message: unknown) => {
        if (message === 'close') void twin.close().finally(() => send({ type: 'closed' }));
      });
      send({ type: 'ready', port: twin.port });
    },
    (error: unknown) =>
      send({ type: 'failed', message: (error as Error).message ?? String(error), portInUse: error instanceof PortInUseError }),
  );
}
