// Deep linking requests in memory, keeping the repository's promise: each is answered once.
import type { LtiDeepLinkRequest, LtiDeepLinkStore, StoredLtiDeepLinkRequest } from '../port';

export class InMemoryDeepLinks implements LtiDeepLinkStore {
  readonly requests = new Map<string, StoredLtiDeepLinkRequest>();

  async put(request: LtiDeepLinkRequest) {
    if (this.requests.has(request.requestId)) throw new Error(`deep linking request ${request.requestId} exists already`);
    this.requests.set(request.requestId, { ...request });
  }

  async get(requestId: string) {
    const found = this.requests.get(requestId);
    return found && { ...found };
  }

  async markAnswered(requestId: string, answeredAt: string) {
    const found = this.requests.get(requestId);
    if (!found || found.answeredAt) return false;
    found.answeredAt = answeredAt;
    return true;
  }
}
