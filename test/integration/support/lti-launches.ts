// LMS launches through the local stack as a browser makes them at the LMS twin (local/lti-platform): sign in at the
// twin, start a launch there, follow our login to the twin's authorization, post its id_token to our launch; add a
// module to the course through deep linking (the response signed with the tool's key, as the tool signs it); and what
// the app's start page does with the hand-off: the pool's custom challenge answered with the one-time code.
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { fileToolKeyStore } from '@functions/src/lti/adapters/tool-keys';
import type { LtiPlatformTwin } from '@local/lti-platform';
import { identityClient } from '@local/users';
import type { TargetStack } from '@local/stack-config';

const DEEP_LINKING = 'https://purl.imsglobal.org/spec/lti-dl/claim/';

/** Follows one redirect by hand, as the browser would, keeping the twin's session cookie. */
async function follow(url: string, init: RequestInit = {}) {
  const answer = await fetch(url, { redirect: 'manual', ...init });
  return { answer, location: answer.headers.get('location') && new URL(answer.headers.get('location')!, url).toString() };
}

export async function signInAtTwin(twin: LtiPlatformTwin, email: string): Promise<string> {
  const account = twin.accounts.find((each) => each.email === email)!;
  const { answer } = await follow(`${twin.url}/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: account.password }),
  });
  return answer.headers.get('set-cookie')!.split(';')[0];
}

/** The twin's launch of `path` (a deep linking start, an item's launch) for `email`: our launch's answer and its id_token. */
export async function launchAtTwin(apiUrl: string, twin: LtiPlatformTwin, email: string, path: string): Promise<{ answer: Response; idToken: string }> {
  const cookie = await signInAtTwin(twin, email);
  const start = await follow(`${twin.url}${path}`, { headers: { cookie } });
  if (!start.location?.startsWith(`${apiUrl}/lti/login?`)) throw new Error(`The twin did not start a login here: ${start.answer.status} ${start.location}`);
  const login = await follow(start.location);
  if (!login.location?.startsWith(`${twin.authLoginUrl}?`)) throw new Error(`Our login did not send the browser to the twin: ${login.answer.status}`);
  const authorized = await (await fetch(login.location, { headers: { cookie } })).text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(authorized)?.[1];
  const idToken = field('id_token');
  if (!idToken) throw new Error(`The twin's authorization answered no id_token: ${authorized.slice(0, 300)}`);
  const answer = await fetch(`${apiUrl}/lti/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ id_token: idToken, state: field('state')! }),
    redirect: 'manual',
  });
  return { answer, idToken };
}

/** The hand-off in a launch's redirect to the app's start page: the person, the one-time code, the page to land on. */
export function handoffOf(answer: Response): { user: string; code: string; to: string } {
  const fragment = new URLSearchParams((answer.headers.get('location') ?? '').split('#')[1] ?? '');
  return { user: fragment.get('user') ?? '', code: fragment.get('code') ?? '', to: fragment.get('to') ?? '' };
}

/** What the app's start page does: the pool's custom challenge, answered with the one-time code. */
export async function signInWithCode(config: TargetStack, username: string, code: string) {
  const client = identityClient(config);
  try {
    const ClientId = config.cognito.userPoolClientId;
    const started = await client.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: username } }));
    return await client.send(
      new RespondToAuthChallengeCommand({ ClientId, ChallengeName: 'CUSTOM_CHALLENGE', Session: started.Session, ChallengeResponses: { USERNAME: username, ANSWER: code } }),
    );
  } finally {
    client.destroy();
  }
}

/**
 * Adds `moduleId` to the twin's course as a resource link (custom moduleId, a line item), answering the deep linking
 * request `idToken` with a response signed by the tool's key (the local stack's key file); the twin's new item's id.
 */
export async function deepLinkModule(twin: LtiPlatformTwin, idToken: string, module: { moduleId: string; title: string }): Promise<string> {
  const request = decodeJwt(idToken);
  const settings = request[`${DEEP_LINKING}deep_linking_settings`] as { deep_link_return_url: string; data?: string };
  const before = new Set(twin.items().map((item) => item.id));
  const jwt = await fileToolKeyStore(process.env.LTI_TOOL_KEYS_FILE!).sign({
    issuer: twin.clientId,
    audience: twin.issuer,
    expiresInSeconds: 300,
    claims: {
      nonce: crypto.randomUUID(),
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': twin.deploymentId,
      ...(settings.data !== undefined ? { [`${DEEP_LINKING}data`]: settings.data } : {}),
      [`${DEEP_LINKING}content_items`]: [
        { type: 'ltiResourceLink', title: module.title, custom: { moduleId: module.moduleId }, lineItem: { scoreMaximum: 100, label: module.title } },
      ],
    },
  });
  const posted = await fetch(settings.deep_link_return_url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ JWT: jwt }) });
  if (!posted.ok) throw new Error(`The twin refused the deep linking response: ${posted.status} ${await posted.text()}`);
  const added = twin.items().find((item) => !before.has(item.id));
  if (!added) throw new Error(`The twin added no item: ${await posted.text()}`);
  return added.id;
}
