// LTI 1.3 Core's launch as the platform plays it (OpenID Connect third-party initiated login, LTI 1.3 §5.1 and the
// 1EdTech Security Framework §5.1.1): the platform sends the browser to the tool's login initiation URL; the tool sends
// it back to the platform's authorization endpoint with an authentication request; the platform checks that request
// and form-posts a signed id_token with the launch's claims to the tool's registered redirect_uri.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { CourseItem, LtiAccount } from './course';
import { HttpError } from './http';
import type { Platform } from './platform';
import { AGS_SCOPES, CLAIM, COURSE_OFFERING, LTI_VERSION, MESSAGE_TYPE, ROLE_URIS } from './vocabulary';

export type DocumentTarget = 'iframe' | 'window';

/** A launch the platform started, waiting for the tool's authentication request (its id is the lti_message_hint). */
interface PendingLaunch {
  userId: string;
  /** The resource link launched; none for a deep linking request. */
  itemId?: string;
  documentTarget: DocumentTarget;
  expires: number;
}

/** A deep linking request sent to the tool, waiting for its response (its id is the settings' `data`). */
export interface DeepLinkingRequest {
  userId: string;
  expires: number;
}

const LAUNCH_TTL_MS = 10 * 60_000;
const ID_TOKEN_TTL_SECONDS = 5 * 60;

export class Launches {
  private readonly pending = new Map<string, PendingLaunch>();
  private readonly deepLinking = new Map<string, DeepLinkingRequest>();

  constructor(private readonly platform: Platform) {}

  /** The tool's login initiation URL for a launch of `item` (or a deep linking request) by `user`. */
  initiate(user: LtiAccount, item: CourseItem | undefined, documentTarget: DocumentTarget): string {
    const { tool, issuer, clientId, deploymentId } = this.platform;
    if (!item && user.role !== 'Instructor') throw new HttpError(403, 'Only the course\'s teachers add external tools.');
    const hint = randomUUID();
    this.pending.set(hint, { userId: user.userId, ...(item && { itemId: item.id }), documentTarget, expires: Date.now() + LAUNCH_TTL_MS });
    const login = new URL(tool.loginUrl);
    login.search = new URLSearchParams({
      iss: issuer,
      login_hint: user.userId,
      target_link_uri: item ? (item.url ?? tool.launchUrl) : tool.deepLinkingUrl,
      lti_message_hint: hint,
      client_id: clientId,
      lti_deployment_id: deploymentId,
    }).toString();
    return login.toString();
  }

  /**
   * Checks the tool's authentication request (OIDC Core §3.1.2.1 with the Security Framework's fixed values) for the
   * signed-in `user`, and answers where to post which id_token.
   */
  async authorize(params: URLSearchParams, user: LtiAccount | undefined): Promise<{ redirectUri: string; idToken: string; state: string }> {
    const { tool, clientId } = this.platform;
    const value = (name: string) => params.get(name) ?? '';
    // An unknown client or redirect_uri gets no redirect at all (OIDC Core §3.1.2.6); the other refusals could go
    // back to the tool as error=…, but a page naming the fault is what a developer testing a tool needs.
    if (value('client_id') !== clientId) throw new HttpError(400, `client_id must be ${clientId}, the tool's registered client (was "${value('client_id')}").`);
    const redirectUri = value('redirect_uri');
    if (![tool.launchUrl, tool.deepLinkingUrl].includes(redirectUri)) {
      throw new HttpError(400, `redirect_uri "${redirectUri}" is not registered; the tool's redirect URIs are ${tool.launchUrl} and ${tool.deepLinkingUrl}.`);
    }
    const fixed: [string, string][] = [
      ['scope', 'openid'],
      ['response_type', 'id_token'],
      ['response_mode', 'form_post'],
      ['prompt', 'none'],
    ];
    for (const [name, expected] of fixed) {
      if (value(name) !== expected) throw new HttpError(400, `${name} must be "${expected}" (was "${value(name)}").`);
    }
    if (!value('nonce')) throw new HttpError(400, 'nonce is required: the tool checks it in the id_token to refuse a replayed launch.');
    if (!value('state')) throw new HttpError(400, 'state is required: the tool checks it on the launch to tie it to this browser.');
    if (!user) throw new HttpError(401, 'Nobody is signed in to the LMS in this browser (login_required): sign in and launch again.');
    if (value('login_hint') !== user.userId) {
      throw new HttpError(400, `login_hint "${value('login_hint')}" is not the signed-in user; send back the login_hint the login initiation gave.`);
    }
    const hint = value('lti_message_hint');
    const launch = this.pending.get(hint);
    if (!launch || launch.expires < Date.now()) {
      throw new HttpError(400, 'lti_message_hint is unknown, used or expired; send back the one the login initiation gave, once. Launch again from the course.');
    }
    if (launch.userId !== user.userId) throw new HttpError(400, 'lti_message_hint belongs to another user\'s launch.');
    this.pending.delete(hint);
    const claims = launch.itemId ? this.resourceLinkClaims(launch) : this.deepLinkingClaims(user, launch);
    const idToken = await this.sign(user, value('nonce'), claims);
    return { redirectUri, idToken, state: value('state') };
  }

  /** The deep linking request a response's `data` answers; each may be answered once. */
  takeDeepLinkingRequest(data: unknown): DeepLinkingRequest {
    const request = typeof data === 'string' ? this.deepLinking.get(data) : undefined;
    if (!request || request.expires < Date.now()) {
      throw new HttpError(400, 'The response\'s data claim does not echo an open deep linking request of this LMS (it must be returned unchanged, once).');
    }
    this.deepLinking.delete(data as string);
    return request;
  }

  private resourceLinkClaims(launch: PendingLaunch): Record<string, unknown> {
    const { course, tool, url } = this.platform;
    const item = course.item(launch.itemId!);
    if (!item) throw new HttpError(404, 'That course item has been removed.');
    const lineItems = `${url}/api/lti/courses/${course.id}/lineitems`;
    return {
      [CLAIM.messageType]: MESSAGE_TYPE.resourceLink,
      [CLAIM.targetLinkUri]: item.url ?? tool.launchUrl,
      [CLAIM.resourceLink]: { id: item.id, title: item.title, ...(item.text && { description: item.text }) },
      [CLAIM.launchPresentation]: this.presentation(launch),
      [CLAIM.custom]: item.custom ?? {},
      [CLAIM.ags]: {
        scope: AGS_SCOPES,
        lineitems: lineItems,
        ...(item.lineItemId && { lineitem: `${lineItems}/${item.lineItemId}` }),
      },
    };
  }

  private deepLinkingClaims(user: LtiAccount, launch: PendingLaunch): Record<string, unknown> {
    const { tool, url } = this.platform;
    const data = randomUUID();
    this.deepLinking.set(data, { userId: user.userId, expires: Date.now() + LAUNCH_TTL_MS });
    return {
      [CLAIM.messageType]: MESSAGE_TYPE.deepLinkingRequest,
      [CLAIM.targetLinkUri]: tool.deepLinkingUrl,
      [CLAIM.launchPresentation]: this.presentation(launch),
      [CLAIM.deepLinkingSettings]: {
        deep_link_return_url: `${url}/deep-linking/return`,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['iframe', 'window'],
        accept_multiple: true,
        accept_lineitem: true,
        auto_create: true,
        title: 'Add an activity',
        text: `Choose what to add to ${this.platform.course.title}.`,
        data,
      },
      [CLAIM.ags]: { scope: AGS_SCOPES, lineitems: `${url}/api/lti/courses/${this.platform.course.id}/lineitems` },
    };
  }

  private presentation(launch: PendingLaunch) {
    return { document_target: launch.documentTarget, return_url: `${this.platform.url}/`, locale: 'en-US' };
  }

  private async sign(user: LtiAccount, nonce: string, messageClaims: Record<string, unknown>): Promise<string> {
    const { issuer, clientId, deploymentId, course, url, signingKey } = this.platform;
    const [givenName, ...familyName] = user.name.split(' ');
    return new SignJWT({
      nonce,
      azp: clientId,
      name: user.name,
      given_name: givenName,
      family_name: familyName.join(' '),
      email: user.email,
      [CLAIM.version]: LTI_VERSION,
      [CLAIM.deploymentId]: deploymentId,
      [CLAIM.roles]: [ROLE_URIS[user.role].context, ROLE_URIS[user.role].institution],
      [CLAIM.context]: { id: course.id, label: course.label, title: course.title, type: [COURSE_OFFERING] },
      [CLAIM.toolPlatform]: {
        guid: `${clientId}-lms`,
        name: 'Local LMS twin',
        product_family_code: 'learning-paths-lms-twin',
        version: '1.0',
      },
      [CLAIM.nrps]: {
        context_memberships_url: `${url}/api/lti/courses/${course.id}/memberships`,
        service_versions: ['2.0'],
      },
      ...messageClaims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(user.userId)
      .setAudience(clientId)
      .setIssuedAt()
      .setExpirationTime(`${ID_TOKEN_TTL_SECONDS}s`)
      .sign(signingKey.privateKey);
  }
}
