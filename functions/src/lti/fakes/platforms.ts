// The registered platforms in memory, keeping the repository's promises: one registration per issuer and client ID,
// a replace that holds to the registration as read.
import type { FrameAncestorsPublisher, LtiPlatformRecord, LtiPlatformStore } from '../port';

const pair = ({ issuer, clientId }: LtiPlatformRecord) => JSON.stringify([issuer, clientId]);

export class InMemoryLtiPlatforms implements LtiPlatformStore {
  private readonly platforms = new Map<string, LtiPlatformRecord>();

  async list() {
    return [...this.platforms.values()].map((platform) => structuredClone(platform));
  }

  async get(platformId: string) {
    const found = this.platforms.get(platformId);
    return found && structuredClone(found);
  }

  private holder(record: LtiPlatformRecord) {
    return [...this.platforms.values()].find((other) => other.platformId !== record.platformId && pair(other) === pair(record));
  }

  async insert(record: LtiPlatformRecord) {
    if (this.platforms.has(record.platformId) || this.holder(record)) return false;
    this.platforms.set(record.platformId, structuredClone(record));
    return true;
  }

  async replace(before: LtiPlatformRecord, after: LtiPlatformRecord) {
    if (this.platforms.get(before.platformId)?.updatedAt !== before.updatedAt) return 'missing' as const;
    if (this.holder(after)) return 'taken' as const;
    this.platforms.set(after.platformId, structuredClone(after));
    return 'replaced' as const;
  }

  async remove(record: LtiPlatformRecord) {
    return this.platforms.delete(record.platformId);
  }
}

/** What the registrations published for the edge to frame the app by, in order (the last one is in force). */
export class PublishedFrameAncestors implements FrameAncestorsPublisher {
  readonly published: string[] = [];

  async publish(sources: string) {
    this.published.push(sources);
  }

  get current() {
    return this.published.at(-1);
  }
}
