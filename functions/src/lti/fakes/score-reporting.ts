// The score reporting seams in memory: the links launches record, a reporter that remembers what it was told, a
// queue that keeps what was sent, and a gradebook that keeps what was posted (or fails, as an LMS that is down).
import type { LtiLinkStore, LtiPlatformRecord, LtiPlatformUser, LtiResourceLink, LtiScore, LtiScoreMessage, PlatformGradebook, ScoreQueue, ScoreReporter } from '../port';

export class InMemoryLtiLinks implements LtiLinkStore {
  readonly links: LtiResourceLink[] = [];
  readonly users: LtiPlatformUser[] = [];
  /** How many times resourceLinksFor was asked (the reporter's one read). */
  reads = 0;

  async putResourceLink(link: LtiResourceLink) {
    const at = this.links.findIndex((other) => other.platformId === link.platformId && other.resourceLinkId === link.resourceLinkId);
    if (at >= 0) this.links.splice(at, 1);
    this.links.push(structuredClone(link));
  }

  async resourceLinksFor(classId: string, moduleId: string) {
    this.reads += 1;
    return this.links.filter((link) => link.classId === classId && link.moduleId === moduleId).map((link) => structuredClone(link));
  }

  async platformUserFor(userId: string, platformId: string) {
    const user = this.users.find((candidate) => candidate.userId === userId && candidate.platformId === platformId);
    return user && structuredClone(user);
  }
}

export class RecordingScoreReporter implements ScoreReporter {
  readonly changes: { classId: string; moduleId: string; studentId: string }[] = [];

  async bestScoreChanged(change: { classId: string; moduleId: string; studentId: string }) {
    this.changes.push({ ...change });
  }
}

export class InMemoryScoreQueue implements ScoreQueue {
  readonly messages: LtiScoreMessage[] = [];

  async send(messages: LtiScoreMessage[]) {
    this.messages.push(...structuredClone(messages));
  }
}

export class InMemoryGradebook implements PlatformGradebook {
  readonly posted: { platformId: string; lineItemUrl: string; score: LtiScore }[] = [];
  /** The next this many posts fail as an LMS that is down would. */
  outage = 0;

  async postScore(platform: LtiPlatformRecord, lineItemUrl: string, score: LtiScore) {
    if (this.outage > 0) {
      this.outage -= 1;
      throw new Error(`"${platform.name}" refused the score (HTTP 503)`);
    }
    this.posted.push({ platformId: platform.platformId, lineItemUrl, score: structuredClone(score) });
  }
}
