// The Cognito twin's body, run in a worker thread by identity.ts: cognito-local assembled the way its
// createDefaultServer does, but with its data under our data directory (its default is ./.cognito of the working
// directory), our port and issuer, one call at a time, saves written one at a time, administrative calls only when
// signed (identity-signature.ts), and our versions of the targets where cognito-local differs from Cognito
// (identity-targets.ts). A worker thread, because cognito-local requires an ES module (otplib's
// @scure/base), which Node 20 loads but Jest's module system cannot: the worker uses Node's own loader.
import './quiet-aws-sdk-notices';
import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { DefaultConfig } from 'cognito-local/lib/server/config';
import { Router } from 'cognito-local/lib/server/Router';
import { createServer } from 'cognito-local/lib/server/server';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import type { Context } from 'cognito-local/lib/services/context';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import type { DataStore } from 'cognito-local/lib/services/dataStore/dataStore';
import type { DataStoreFactory } from 'cognito-local/lib/services/dataStore/factory';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { otp } from 'cognito-local/lib/services/otp';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import type { PreSignUpTriggerEvent, VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { startHostedUi } from './identity-hosted-ui';
import type { VerifyAuthChallenge } from './identity-custom-auth';
import { admitRequest, type CognitoRefusal } from './identity-signature';
import { registerTargetOverrides } from './identity-targets';
import { SignInTokenGenerator } from './identity-tokens';
import { closeServer, listen, PortInUseError } from './listen';
import type { Credentials } from './s3-signature';
import type { SchoolProviderEndpoint } from './school-provider-twin';

type Logger = Parameters<typeof createServer>[1];

export interface IdentityTwinOptions {
  directory: string;
  host: string;
  port: number;
  /** The hosted sign-in endpoints' port (https; 0 = any free one). */
  signInPort: number;
  /** pino level for cognito-local's own log (JSON lines on stdout); 'silent' hides even its errors. */
  logLevel: string;
  /** The AWS credentials administrative calls must be signed with, as IAM requires in the cloud. */
  credentials: Credentials;
}

/** What the worker tells identity.ts. */
export type IdentityTwinMessage =
  | { type: 'ready'; port: number; signInPort: number }
  /** Cognito would call the pool's PreSignUp Lambda: the parent runs it and answers preSignUpDone. */
  | { type: 'preSignUp'; id: number; event: PreSignUpTriggerEvent }
  /** Cognito would call the pool's VerifyAuthChallengeResponse Lambda: the parent runs it and answers verifyAuthChallengeDone. */
  | { type: 'verifyAuthChallenge'; id: number; event: VerifyAuthChallengeResponseTriggerEvent }
  /** A code cognito-local would have e-mailed (a password reset): the parent prints it. */
  | { type: 'code'; email: string; code: string }
  | { type: 'failed'; message: string; portInUse: boolean }
  | { type: 'closed' };

/** What identity.ts tells the worker: stop, or the app's origin, from which browsers may call the twin. */
export type IdentityTwinCommand =
  | 'close'
  | { type: 'allowOrigin'; origin: string }
  /** The school providers federated sign-in may go to. */
  | { type: 'providers'; providers: SchoolProviderEndpoint[] }
  /** The PreSignUp trigger's answer: its error message if it refused. */
  | { type: 'preSignUpDone'; id: number; refusal?: string }
  /** The VerifyAuthChallengeResponse trigger's answer (false when it failed). */
  | { type: 'verifyAuthChallengeDone'; id: number; answerCorrect: boolean };

async function startTwin(
  options: IdentityTwinOptions,
  allowedOrigins: ReadonlySet<string>,
  federation: Pick<Parameters<typeof startHostedUi>[0], 'providers' | 'preSignUp'>,
  verifyAuthChallenge: VerifyAuthChallenge,
): Promise<{ port: number; signInPort: number; close(): Promise<void> }> {
  registerTargetOverrides(verifyAuthChallenge);
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
    tokenGenerator: new SignInTokenGenerator(clock, triggers, tokenConfig),
    triggers,
  };
  const app = createServer(oneAtATime(Router(services)), logger, { ...config.ServerConfig, development: false }, services);
  const server = createHttpServer((request, response) => {
    if (request.headers.origin !== undefined) answerCorsFor(allowedOrigins, request.headers.origin, response);
    admitRequest(request, options.credentials).then(
      (refusal) => (refusal ? sendRefusal(response, refusal) : app.application(request, response)),
      () => response.destroy(),
    );
  });
  const port = await listen(server, options.port, options.host, 'cognito');
  tokenConfig.IssuerDomain = `http://${options.host}:${port}`;
  const hostedUi = await startHostedUi({ host: options.host, port: options.signInPort, services, ctx, allowedOrigins, ...federation });
  return {
    port,
    signInPort: hostedUi.port,
    close: async () => {
      await hostedUi.close();
      await closeServer(server);
      await dataStores.flush();
    },
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
 * cognito-local's targets read a record, change it and save it (a group's member list, a user's refresh tokens), so
 * two requests in flight overwrite each other's change: concurrent AdminAddUserToGroup calls left most of a bulk
 * invitation without a role. Cognito applies each call atomically; here every call runs to its end before the next
 * starts. (The twin is one thread either way: this only stops calls interleaving at their awaits.)
 */
function oneAtATime(router: ReturnType<typeof Router>): ReturnType<typeof Router> {
  let queue: Promise<unknown> = Promise.resolve();
  return (target) => {
    const handle = router(target);
    return (ctx, req) => {
      const run = queue.then(() => handle(ctx, req));
      queue = run.catch(() => undefined);
      return run;
    };
  };
}

/** Cognito's JSON error shape, which the SDK reads the error's name from. */
function sendRefusal(response: ServerResponse, refusal: CognitoRefusal): void {
  response.statusCode = 400;
  response.setHeader('content-type', 'application/x-amz-json-1.1');
  response.end(JSON.stringify({ __type: refusal.code, message: refusal.message }));
}

/**
 * Browsers may call the twin from the app's origin only: cognito-local answers every origin (`*`), which would let
 * any page a signed-in person opens drive their account. Its CORS header is replaced with the request's origin when
 * that is the app's, and left out otherwise (a preflight from elsewhere then fails in the browser). Callers that send
 * no Origin (scripts, the SDK in Node) are no browser page and get cognito-local's answer as it is.
 */
function answerCorsFor(allowedOrigins: ReadonlySet<string>, origin: string, response: ServerResponse): void {
  const allowed = allowedOrigins.has(origin);
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name, value) => {
    if (name.toLowerCase() !== 'access-control-allow-origin') return setHeader(name, value);
    return allowed ? setHeader(name, origin) : response;
  };
  setHeader('vary', 'Origin');
}

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
  const allowedOrigins = new Set<string>();
  const providers = new Map<string, SchoolProviderEndpoint>();
  const triggers = new Map<number, (refusal: string | undefined) => void>();
  const verifications = new Map<number, (answerCorrect: boolean) => void>();
  let lastTrigger = 0;
  const preSignUp = (event: PreSignUpTriggerEvent) =>
    new Promise<string | undefined>((resolve) => {
      const id = ++lastTrigger;
      triggers.set(id, resolve);
      send({ type: 'preSignUp', id, event });
    });
  const verifyAuthChallenge: VerifyAuthChallenge = (event) =>
    new Promise((resolve) => {
      const id = ++lastTrigger;
      verifications.set(id, (answerCorrect) => resolve({ ...event, response: { answerCorrect } }));
      send({ type: 'verifyAuthChallenge', id, event });
    });
  startTwin(workerData as IdentityTwinOptions, allowedOrigins, { providers, preSignUp }, verifyAuthChallenge).then(
    (twin) => {
      port.on('message', (message: IdentityTwinCommand) => {
        if (message === 'close') void twin.close().finally(() => send({ type: 'closed' }));
        else if (message.type === 'allowOrigin') allowedOrigins.add(message.origin);
        else if (message.type === 'providers') for (const provider of message.providers) providers.set(provider.name, provider);
        else if (message.type === 'preSignUpDone') {
          triggers.get(message.id)?.(message.refusal);
          triggers.delete(message.id);
        } else if (message.type === 'verifyAuthChallengeDone') {
          verifications.get(message.id)?.(message.answerCorrect);
          verifications.delete(message.id);
        }
      });
      send({ type: 'ready', port: twin.port, signInPort: twin.signInPort });
    },
    (error: unknown) =>
      send({ type: 'failed', message: (error as Error).message ?? String(error), portInUse: error instanceof PortInUseError }),
  );
}
