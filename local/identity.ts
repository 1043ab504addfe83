// Local twin of Cognito user pools: cognito-local in a worker thread of this process (see identity-twin.ts for why),
// plus the user pool, app client and groups the app needs, created once and reused across restarts.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PreSignUpTriggerEvent, VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  UpdateUserPoolClientCommand,
  type ExplicitAuthFlowsType,
} from '@aws-sdk/client-cognito-identity-provider';
import { SELF_WRITABLE_ATTRIBUTES } from '../shared/constants';
import { ROLES } from '../shared/roles';
import type { IdentityTwinCommand, IdentityTwinMessage, IdentityTwinOptions } from './identity-twin';
import { PortInUseError } from './listen';
import type { SchoolProviderEndpoint } from './school-provider-twin';
import { LOCAL_CREDENTIALS } from './stack-config';

export interface IdentityTwin {
  /** Also the issuer domain: tokens say iss = `${endpoint}/${userPoolId}`. */
  endpoint: string;
  /** The hosted sign-in endpoints (Cognito's user pool domain): `https://host:port`. */
  signInEndpoint: string;
  /** The school providers /oauth2/authorize may send people to. */
  useProviders(providers: SchoolProviderEndpoint[]): void;
  /** Lets browsers call the twin from this origin (the app's), as Cognito answers any; no other origin is answered. */
  allowOrigin(origin: string): void;
  close(): Promise<void>;
}

export interface UserPoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

export async function startIdentity(options: {
  directory: string;
  host: string;
  port: number;
  /** The hosted sign-in endpoints' port; default any free one. */
  signInPort?: number;
  /** pino level for cognito-local's own log (JSON lines on stdout); default 'error'. */
  logLevel?: string;
  /** Receives the codes the real service would e-mail (password reset); default: ignored. */
  onCode?: (delivery: { email: string; code: string }) => void;
  /** The pool's PreSignUp trigger, as Cognito would invoke its Lambda; a rejection refuses the sign-up with its message. */
  preSignUp?: (event: PreSignUpTriggerEvent) => Promise<unknown>;
  /**
   * The pool's VerifyAuthChallengeResponse trigger (an LMS launch's one-time code), as Cognito would invoke its Lambda;
   * without one every custom answer is wrong.
   */
  verifyAuthChallenge?: (event: VerifyAuthChallengeResponseTriggerEvent) => Promise<VerifyAuthChallengeResponseTriggerEvent>;
}): Promise<IdentityTwin> {
  const { onCode, preSignUp, verifyAuthChallenge, ...twinOptions } = options;
  const workerData: IdentityTwinOptions = {
    ...twinOptions,
    signInPort: options.signInPort ?? 0,
    logLevel: options.logLevel ?? 'error',
    credentials: LOCAL_CREDENTIALS,
  };
  // The worker compiles identity-twin.ts with tsx, whatever runs this thread (tsx for npm start, swc under Jest).
  const bootstrap = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();
require(${JSON.stringify(path.join(__dirname, 'identity-twin.ts'))});`;
  const worker = new Worker(bootstrap, { eval: true, workerData });
  const command = (message: IdentityTwinCommand) => worker.postMessage(message);
  worker.on('message', (message: IdentityTwinMessage) => {
    if (message.type === 'code') onCode?.({ email: message.email, code: message.code });
    if (message.type === 'verifyAuthChallenge') {
      // A trigger that fails fails the sign-in, as Cognito's would: the answer is taken as wrong.
      Promise.resolve(verifyAuthChallenge?.(message.event)).then(
        (verified) => command({ type: 'verifyAuthChallengeDone', id: message.id, answerCorrect: verified?.response.answerCorrect === true }),
        () => command({ type: 'verifyAuthChallengeDone', id: message.id, answerCorrect: false }),
      );
    }
    if (message.type === 'preSignUp') {
      // No trigger configured: Cognito would create the federated user; the app's pool always has one.
      Promise.resolve(preSignUp?.(message.event)).then(
        () => command({ type: 'preSignUpDone', id: message.id }),
        (error: unknown) => command({ type: 'preSignUpDone', id: message.id, refusal: (error as Error).message ?? String(error) }),
      );
    }
  });
  const next = () =>
    new Promise<IdentityTwinMessage>((resolve, reject) => {
      const settle = () => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      const onMessage = (message: IdentityTwinMessage) => {
        if (message.type === 'code' || message.type === 'preSignUp' || message.type === 'verifyAuthChallenge') return;
        settle();
        resolve(message);
      };
      const onError = (error: Error) => {
        settle();
        reject(error);
      };
      const onExit = (code: number) => {
        settle();
        reject(new Error(`The Cognito twin's worker exited (code ${code}).`));
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });

  const started = await next().catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  if (started.type !== 'ready') {
    await worker.terminate();
    if (started.type === 'failed' && started.portInUse) throw new PortInUseError([{ port: options.port, service: 'cognito' }]);
    throw new Error(`The Cognito twin did not start: ${started.type === 'failed' ? started.message : started.type}`);
  }
  // After start an error in the worker is reported, not left to crash this process as an unhandled 'error' event.
  worker.on('error', (error) => console.error('The Cognito twin failed:', error));
  return {
    endpoint: `http://${options.host}:${started.port}`,
    signInEndpoint: `https://${options.host}:${started.signInPort}`,
    useProviders: (providers) => command({ type: 'providers', providers }),
    allowOrigin: (origin) => command({ type: 'allowOrigin', origin }),
    close: async () => {
      const closed = next();
      worker.postMessage('close' satisfies IdentityTwinCommand);
      await closed.catch(() => undefined);
      await worker.terminate();
    },
  };
}

/**
 * SRP for the web app and custom for an LMS launch's code, as in the cloud; the password flow only for scripts and
 * tests (users.ts).
 */
const LOCAL_AUTH_FLOWS: ExplicitAuthFlowsType[] = ['ALLOW_USER_SRP_AUTH', 'ALLOW_CUSTOM_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'];

/**
 * Reuses the pool and app client whose ids were saved in `idsFile` if they still exist, else creates them;
 * then makes sure every role's group exists (an existing group, and its members, stay as they are). E-mail is the
 * username; the client has no secret.
 */
export async function ensureUserPool(endpoint: string, region: string, idsFile: string): Promise<UserPoolIds> {
  const client = new CognitoIdentityProviderClient({ endpoint, region, credentials: LOCAL_CREDENTIALS });
  try {
    let ids = await readIds(idsFile);
    if (!ids || !(await poolExists(client, ids))) {
      const { UserPool } = await client.send(
        new CreateUserPoolCommand({
          PoolName: 'learning-paths-local',
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
          // As the CDK pool: TOTP for whoever turns it on (administration requires it); a new e-mail address replaces
          // the old one only once verified.
          MfaConfiguration: 'OPTIONAL',
          UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
        }),
      );
      const { UserPoolClient } = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: UserPool!.Id!,
          ClientName: 'web',
          GenerateSecret: false,
          ExplicitAuthFlows: LOCAL_AUTH_FLOWS,
          WriteAttributes: [...SELF_WRITABLE_ATTRIBUTES],
        }),
      );
      ids = { userPoolId: UserPool!.Id!, userPoolClientId: UserPoolClient!.ClientId! };
      await writeFile(idsFile, `${JSON.stringify(ids, null, 2)}\n`);
    } else {
      // A client made by an earlier version let users write every attribute (as a client without the list does), and
      // had no custom authentication.
      await client.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: ids.userPoolId,
          ClientId: ids.userPoolClientId,
          WriteAttributes: [...SELF_WRITABLE_ATTRIBUTES],
          ExplicitAuthFlows: LOCAL_AUTH_FLOWS,
        }),
      );
    }
    for (const GroupName of ROLES) {
      try {
        await client.send(new CreateGroupCommand({ UserPoolId: ids.userPoolId, GroupName }));
      } catch (error) {
        if ((error as Error).name !== 'GroupExistsException') throw error;
      }
    }
    return ids;
  } finally {
    client.destroy();
  }
}

async function readIds(file: string): Promise<UserPoolIds | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as UserPoolIds;
  } catch {
    return undefined;
  }
}

async function poolExists(client: CognitoIdentityProviderClient, ids: UserPoolIds): Promise<boolean> {
  try {
    await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId }));
    await client.send(new DescribeUserPoolClientCommand({ UserPoolId: ids.userPoolId, ClientId: ids.userPoolClientId }));
    return true;
  } catch {
    return false;
  }
}
