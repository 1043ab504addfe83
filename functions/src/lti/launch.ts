// LTI 1.3 login and launch, as the 1EdTech Security Framework (5.1) and OpenID Connect Core (3.1.3.7) require: the
// third-party initiated login finds the registered platform and sends the browser to its authorization endpoint with
// a fresh state and a one-time nonce; the launch takes that state (once), verifies the id_token's signature against
// the platform's keys, then iss, aud, azp, exp, iat, the nonce, the deployment, the version and the message type.
// Any failure is an LtiRefusal, never a session.
import { ltiToolConfiguration } from '@shared/lti';
import type { Clock } from '../kernel/ports';
import { CLAIMS, LTI_VERSION, MESSAGE_TYPES, type MessageType } from './claims';
import type { LoginHandshakeStore, LtiPlatformRecord, LtiPlatformStore, PlatformTokenVerifier, VerifiedClaims } from './port';
import { refuse } from './refusals';

/** How long a login may take before its launch arrives. */
export const LOGIN_SECONDS = 10 * 60;
/** How far a launch's iat may be from this clock: platforms' clocks drift, and the person took a moment. */
export const IAT_TOLERANCE_SECONDS = 5 * 60;

export interface LtiLaunchDeps {
  platforms: Pick<LtiPlatformStore, 'list' | 'get'>;
  handshakes: LoginHandshakeStore;
  verifier: PlatformTokenVerifier;
  clock: Clock;
  /** A value nobody can guess (state, nonce). */
  randomToken: () => string;
}

/** A launch whose every check held. */
export interface ValidatedLaunch {
  platform: LtiPlatformRecord;
  messageType: MessageType;
  deploymentId: string;
  claims: VerifiedClaims;
}

type Parameters = Record<string, string | undefined>;

const required = (parameters: Parameters, name: string): string => {
  const value = parameters[name];
  if (!value) throw refuse('missingParameter', name);
  return value;
};

export type LtiLaunchService = ReturnType<typeof makeLtiLaunchService>;

export function makeLtiLaunchService({ platforms, handshakes, verifier, clock, randomToken }: LtiLaunchDeps) {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  async function platformFor(issuer: string, clientId: string | undefined): Promise<LtiPlatformRecord> {
    const candidates = (await platforms.list()).filter((platform) => platform.issuer === issuer && (clientId === undefined || platform.clientId === clientId));
    if (candidates.length === 0) throw refuse('unknownPlatform', clientId ? `${issuer}, client ID ${clientId}` : issuer);
    if (candidates.length > 1) throw refuse('ambiguousPlatform', issuer);
    return candidates[0];
  }

  return {
    /**
     * The login initiation (GET query or POST form): answers where to send the browser, the platform's authorization
     * endpoint with the OIDC parameters LTI fixes (id_token by form post, no prompt).
     */
    async beginLogin(parameters: Parameters, origin: string): Promise<string> {
      const issuer = required(parameters, 'iss');
      const loginHint = required(parameters, 'login_hint');
      const targetLinkUri = required(parameters, 'target_link_uri');
      const platform = await platformFor(issuer, parameters.client_id || undefined);
      const deploymentId = parameters.lti_deployment_id;
      if (deploymentId && !platform.deploymentIds.includes(deploymentId)) throw refuse('unknownDeployment', deploymentId);
      if (!isOnOrigin(targetLinkUri, origin)) throw refuse('targetElsewhere', targetLinkUri);
      const state = randomToken();
      const nonce = randomToken();
      await handshakes.put({ state, nonce, platformId: platform.platformId, expiresAt: nowSeconds() + LOGIN_SECONDS });
      const authorization = new URL(platform.authLoginUrl);
      const query: Record<string, string | undefined> = {
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: platform.clientId,
        redirect_uri: ltiToolConfiguration(origin).launchUrl,
        login_hint: loginHint,
        state,
        nonce,
        lti_message_hint: parameters.lti_message_hint,
      };
      for (const [name, value] of Object.entries(query)) if (value !== undefined) authorization.searchParams.set(name, value);
      return authorization.toString();
    },

    /** The launch's form post (`id_token`, `state`): every check in the order the specification lists them. */
    async validateLaunch(form: Parameters): Promise<ValidatedLaunch> {
      const state = required(form, 'state');
      const token = required(form, 'id_token');
      const handshake = await handshakes.take(state);
      if (!handshake || handshake.expiresAt < nowSeconds()) throw refuse('state');
      const platform = await platforms.get(handshake.platformId);
      if (!platform) throw refuse('unknownPlatform');
      const claims = await verifier.verify(token, platform);

      const audiences = typeof claims.aud === 'string' ? [claims.aud] : (claims.aud as string[]);
      if (claims.azp !== undefined ? claims.azp !== platform.clientId : audiences.length > 1) throw refuse('authorizedParty', String(claims.azp ?? 'missing'));
      const issuedAt = claims.iat;
      if (typeof issuedAt !== 'number' || Math.abs(nowSeconds() - issuedAt) > IAT_TOLERANCE_SECONDS) throw refuse('issuedAt');
      if (claims.nonce !== handshake.nonce) throw refuse('nonce');
      if (typeof claims.sub !== 'string' || claims.sub === '') throw refuse('claims', 'sub');

      const deploymentId = claims[CLAIMS.deploymentId];
      if (typeof deploymentId !== 'string' || !platform.deploymentIds.includes(deploymentId)) throw refuse('unknownDeployment', String(deploymentId ?? 'missing'));
      if (claims[CLAIMS.version] !== LTI_VERSION) throw refuse('version', String(claims[CLAIMS.version] ?? 'missing'));
      const messageType = claims[CLAIMS.messageType];
      if (!MESSAGE_TYPES.includes(messageType as MessageType)) throw refuse('messageType', String(messageType ?? 'missing'));
      if (!Array.isArray(claims[CLAIMS.roles])) throw refuse('claims', CLAIMS.roles);
      if (messageType === 'LtiResourceLinkRequest' && typeof (claims[CLAIMS.resourceLink] as { id?: unknown } | undefined)?.id !== 'string') {
        throw refuse('claims', CLAIMS.resourceLink);
      }
      if (messageType === 'LtiDeepLinkingRequest' && typeof (claims[CLAIMS.deepLinkingSettings] as { deep_link_return_url?: unknown } | undefined)?.deep_link_return_url !== 'string') {
        throw refuse('claims', CLAIMS.deepLinkingSettings);
      }
      return { platform, messageType: messageType as MessageType, deploymentId, claims };
    },
  };
}

/** Whether a URL is on the tool's origin (a target link may name any page of it, with a query). */
function isOnOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}
