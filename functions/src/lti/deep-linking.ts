// Deep Linking 2.0 on the tool's side (§4.2, the response): a teacher's deep linking launch left a request; its page
// shows the teacher's modules, and the teacher's choice (or Cancel) becomes an LtiDeepLinkingResponse signed with the
// tool's key, which the page form-posts to the LMS. A request is answered once, by the teacher it was sent for.
import type { LtiDeepLink, LtiDeepLinkResponse } from '@shared/contract/lti';
import type { CheckStore } from '../checks/port';
import type { Caller } from '../kernel/caller';
import { conflict, invalid, notFound } from '../kernel/errors';
import type { Clock } from '../kernel/ports';
import type { ModuleStore } from '../modules/port';
import { CLAIMS, DEEP_LINKING_RESPONSE, LTI_VERSION } from './claims';
import type { DeepLinkingRequest, DeepLinkingRequestStore, LtiPlatformStore, ToolKeyStore } from './port';
/** The response is posted at once by the page; the platform checks it within minutes (a 5-minute JWT). */
export const DEEP_LINK_RESPONSE_SECONDS = 5 * 60;
/**
 * A graded module's line item is out of 100: the score a student earns on a module's checks is a percentage (the
 * score reporter posts the best one out of this maximum).
 */
export const LINE_ITEM_SCORE_MAXIMUM = 100;
const RESOURCE_LINK = 'ltiResourceLink';

export const DEEP_LINK_NOT_FOUND = 'This request to add a module to your LMS course does not exist, is not yours or has expired; start again from the LMS course ("Add external tool").';
export const DEEP_LINK_ANSWERED = 'This request was answered already: your LMS course has your choice. To add another module, start again from the LMS course.';

export interface LtiDeepLinkingDeps {
  requests: Pick<DeepLinkingRequestStore, 'get' | 'markAnswered'>;
  platforms: Pick<LtiPlatformStore, 'get'>;
  modules: Pick<ModuleStore, 'getModule' | 'listModulesByOwner'>;
  checks: Pick<CheckStore, 'listCheckSummaries'>;
  keys: Pick<ToolKeyStore, 'sign'>;
  clock: Clock;
  /** A value nobody can guess (the response's nonce). */
  randomToken: () => string;
}

export type LtiDeepLinkingService = ReturnType<typeof makeLtiDeepLinkingService>;

export function makeLtiDeepLinkingService({ requests, platforms, modules, checks, keys, clock, randomToken }: LtiDeepLinkingDeps) {
  /** The caller's own request, not expired: anyone else's is as absent as a missing one. */
  async function ownRequest(caller: Caller, requestId: string): Promise<DeepLinkingRequest> {
    const request = await requests.get(requestId, Math.floor(clock.now().getTime() / 1000));
    if (!request || request.userId !== caller.userId) throw notFound(DEEP_LINK_NOT_FOUND);
    return request;
  }

  async function platformOf(request: DeepLinkingRequest) {
    const platform = await platforms.get(request.platformId);
    if (!platform) throw notFound('The LMS that sent this request is no longer registered here; ask your administrator.');
    return platform;
  }

  /** The content item for one of the caller's modules; a module with checks brings its gradebook column. */
  async function contentItem(caller: Caller, request: DeepLinkingRequest, moduleId: string): Promise<Record<string, unknown>> {
    const { accept_types: acceptTypes, accept_lineitem: acceptLineItem } = request.settings;
    if (Array.isArray(acceptTypes) && !acceptTypes.includes(RESOURCE_LINK)) {
      throw invalid('Your LMS does not take a link to an activity from this place (its accept_types lack ltiResourceLink); add the tool where the course adds activities.');
    }
    const chosen = await modules.getModule(moduleId);
    if (!chosen || chosen.ownerId !== caller.userId) throw notFound('You have no such module; choose one of your modules.');
    // accept_lineitem absent: the platform takes line items (Deep Linking 2.0 §4.4.1 leaves it optional).
    const graded = acceptLineItem !== false && (await checks.listCheckSummaries([moduleId])).has(moduleId);
    // No url: the link launches the tool's registered launch URL (§3.1), with the module in its custom parameters.
    return {
      type: RESOURCE_LINK,
      title: chosen.title,
      custom: { moduleId },
      ...(graded && { lineItem: { scoreMaximum: LINE_ITEM_SCORE_MAXIMUM, label: chosen.title, resourceId: moduleId } }),
    };
  }

  return {
    async describe(caller: Caller, requestId: string): Promise<LtiDeepLink> {
      const request = await ownRequest(caller, requestId);
      const [platform, owned] = await Promise.all([platformOf(request), modules.listModulesByOwner(caller.userId)]);
      const graded = owned.length ? await checks.listCheckSummaries(owned.map((module) => module.moduleId)) : new Map();
      return {
        requestId,
        platformName: platform.name,
        status: request.answeredAt ? 'answered' : 'open',
        modules: owned
          .map(({ moduleId, title }) => ({ moduleId, title, graded: graded.has(moduleId) }))
          .sort((a, b) => a.title.localeCompare(b.title)),
      };
    },

    /** The signed response for `moduleId`, or for nothing (null: the teacher cancelled); 409 once answered. */
    async answer(caller: Caller, requestId: string, moduleId: string | null): Promise<LtiDeepLinkResponse> {
      const request = await ownRequest(caller, requestId);
      if (request.answeredAt) throw conflict(DEEP_LINK_ANSWERED);
      const platform = await platformOf(request);
      const items = moduleId === null ? [] : [await contentItem(caller, request, moduleId)];
      const jwt = await keys.sign({
        issuer: platform.clientId,
        audience: platform.issuer,
        expiresInSeconds: DEEP_LINK_RESPONSE_SECONDS,
        claims: {
          nonce: randomToken(),
          [CLAIMS.messageType]: DEEP_LINKING_RESPONSE,
          [CLAIMS.version]: LTI_VERSION,
          [CLAIMS.deploymentId]: request.deploymentId,
          ...(request.settings.data !== undefined && { [CLAIMS.deepLinkingData]: request.settings.data }),
          [CLAIMS.contentItems]: items,
        },
      });
      // Signed first, recorded last: of two answers racing (a double click, a second tab), one gets its response.
      if (!(await requests.markAnswered(requestId, clock.now().toISOString()))) throw conflict(DEEP_LINK_ANSWERED);
      return { returnUrl: request.settings.deep_link_return_url, jwt };
    },
  };
}
