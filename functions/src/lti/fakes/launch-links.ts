// What launches record, in memory, keeping the repository's promises: a platform user and a course are linked once
// (the first link stays), a resource link is created or refreshed, sign-in codes are used once before they expire.
import type {
  DeepLinkingRequest,
  DeepLinkingRequestStore,
  LtiLaunchLinks,
  LtiPlatformUser,
  LtiResourceLink,
  SignInCode,
  SignInCodeStore,
} from '../port';

const pair = (platformId: string, id: string) => JSON.stringify([platformId, id]);

export class InMemoryLtiLinks implements LtiLaunchLinks {
  readonly people = new Map<string, string>();
  readonly courses = new Map<string, string>();
  readonly resourceLinks = new Map<string, LtiResourceLink>();

  async personFor(platformId: string, sub: string) {
    return this.people.get(pair(platformId, sub));
  }

  async linkPerson({ platformId, sub, userId }: LtiPlatformUser) {
    const key = pair(platformId, sub);
    if (!this.people.has(key)) this.people.set(key, userId);
    return this.people.get(key)!;
  }

  async platformUserFor(userId: string, platformId: string) {
    const found = [...this.people].find(([key, linked]) => linked === userId && (JSON.parse(key) as string[])[0] === platformId);
    return found && { platformId, sub: (JSON.parse(found[0]) as string[])[1], userId };
  }

  async classFor(platformId: string, contextId: string) {
    return this.courses.get(pair(platformId, contextId));
  }

  async linkClass({ platformId, contextId, classId }: { platformId: string; contextId: string; classId: string }) {
    const key = pair(platformId, contextId);
    if (!this.courses.has(key)) this.courses.set(key, classId);
    return this.courses.get(key)!;
  }

  async putResourceLink(link: LtiResourceLink) {
    this.resourceLinks.set(pair(link.platformId, `${link.deploymentId}#${link.resourceLinkId}`), structuredClone(link));
  }

  async resourceLinksFor(classId: string, moduleId: string) {
    return [...this.resourceLinks.values()].filter((link) => link.classId === classId && link.moduleId === moduleId).map((link) => structuredClone(link));
  }
}

export class InMemorySignInCodes implements SignInCodeStore {
  readonly codes = new Map<string, SignInCode>();

  async put(code: SignInCode) {
    this.codes.set(code.code, { ...code });
  }

  async redeem(code: string, userId: string, nowSeconds: number) {
    const found = this.codes.get(code);
    if (!found || found.userId !== userId || found.expiresAt < nowSeconds) return false;
    this.codes.delete(code);
    return true;
  }
}

export class InMemoryDeepLinkingRequests implements DeepLinkingRequestStore {
  readonly requests = new Map<string, DeepLinkingRequest>();

  async put(request: DeepLinkingRequest) {
    this.requests.set(request.requestId, structuredClone(request));
  }

  async get(requestId: string, nowSeconds: number) {
    const found = this.requests.get(requestId);
    return found && found.expiresAt >= nowSeconds ? structuredClone(found) : undefined;
  }

  async markAnswered(requestId: string, answeredAt: string) {
    const found = this.requests.get(requestId);
    if (!found || found.answeredAt) return false;
    found.answeredAt = answeredAt;
    return true;
  }
}
