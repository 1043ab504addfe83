// Grades back to the LMS (AGS 2.0). When a student's best score on a module's checks may have changed, the reporter
// queues one message per resource link of that module in that class (none: nothing queued, after one read); the
// sender, later and retried by the queue, reads the student's standing then, and posts it to the link's line item
// under the student's user id on that platform. Why the score and the progress values are what they are:
// docs/decisions/lti/scores-to-the-gradebook.md.
import type { CheckSummary } from '@shared/contract/checks';
import type { CheckStore } from '../checks/port';
import type { Clock, Log } from '../kernel/ports';
import type { ModuleStore } from '../modules/port';
import type { CheckStandings, ProgressStore } from '../progress/port';
import { currentChecks } from '../progress/scores';
import { SERVICE_SCOPES } from './claims';
import type { LtiLinkStore, LtiPlatformStore, LtiScore, LtiScoreMessage, PlatformGradebook, ScoreQueue, ScoreReporter } from './port';

/** Scores are percents: platforms scale them to the line item's own maximum. */
export const LTI_SCORE_MAXIMUM = 100;

/**
 * A student's score on a module for the gradebook: the mean of their best percents over the module's current checks,
 * a check not yet attempted counting 0, so once every check is attempted it is the class report's mean best percent
 * (rounded alike), and before it a partial score that only grows. Completed and FullyGraded once every check has an
 * attempt (a better attempt later posts again), else InProgress and Pending; undefined for a module without checks.
 */
export function ltiScoreOf(checks: CheckSummary[], standings: CheckStandings | undefined): Omit<LtiScore, 'userId' | 'timestamp'> | undefined {
  if (checks.length === 0) return undefined;
  const attempted = checks.filter(({ sectionId }) => standings?.[sectionId]);
  if (attempted.length === 0) return { activityProgress: 'Initialized', gradingProgress: 'NotReady' };
  const sum = attempted.reduce((total, { sectionId }) => total + standings![sectionId]!.bestPercent, 0);
  const done = attempted.length === checks.length;
  return {
    scoreGiven: Math.round(sum / checks.length),
    scoreMaximum: LTI_SCORE_MAXIMUM,
    activityProgress: done ? 'Completed' : 'InProgress',
    gradingProgress: done ? 'FullyGraded' : 'Pending',
  };
}

/** Queues a report per resource link of the module in the class; a module no LMS links to costs one read. */
export function makeScoreReporter({ links, queue }: { links: LtiLinkStore; queue: ScoreQueue }): ScoreReporter {
  return {
    async bestScoreChanged({ classId, moduleId, studentId }) {
      const linked = await links.resourceLinksFor(classId, moduleId);
      const messages = linked
        .filter((link) => link.lineItemUrl)
        .map(({ platformId, resourceLinkId }): LtiScoreMessage => ({ classId, moduleId, studentId, platformId, resourceLinkId }));
      if (messages.length > 0) await queue.send(messages);
    },
  };
}

export interface ScoreSenderPorts {
  links: LtiLinkStore;
  platforms: LtiPlatformStore;
  modules: ModuleStore;
  checks: CheckStore;
  progress: ProgressStore;
  gradebook: PlatformGradebook;
  clock: Clock;
  log: Log;
}

export type ScoreSender = ReturnType<typeof makeScoreSender>;

export function makeScoreSender({ links, platforms, modules, checks, progress, gradebook, clock, log }: ScoreSenderPorts) {
  /**
   * Posts the student's score as it is now to the message's link, or answers why there is nothing to post (the link,
   * its line item, the score scope, the registration or the student's platform account is gone or was never there).
   * A platform's refusal or outage throws, for the queue to retry.
   */
  async function send(message: LtiScoreMessage): Promise<'posted' | 'nothing to post'> {
    const { classId, moduleId, studentId, platformId, resourceLinkId } = message;
    // Taken before the reads: of two sends racing, the one that read later carries the later time, and platforms keep
    // the score of the latest timestamp.
    const timestamp = clock.now().toISOString();
    const [linked, platform, user, module, summaries, standing] = await Promise.all([
      links.resourceLinksFor(classId, moduleId),
      platforms.get(platformId),
      links.platformUserFor(studentId, platformId),
      modules.getModule(moduleId),
      checks.listCheckSummaries([moduleId]),
      progress.getProgress({ classId, moduleId, studentId }),
    ]);
    const link = linked.find((candidate) => candidate.platformId === platformId && candidate.resourceLinkId === resourceLinkId);
    const skip = (reason: string) => {
      log.warn(`No score sent to the LMS: ${reason}`, { ...message });
      return 'nothing to post' as const;
    };
    if (!link?.lineItemUrl) return skip('the resource link or its line item is gone');
    if (!link.agsScopes.includes(SERVICE_SCOPES.score)) return skip('the platform did not grant the score scope with this link');
    if (!platform) return skip('the platform is no longer registered');
    if (!user) return skip('the student has no account on this platform (never launched from it)');
    if (!module) return skip('the module is gone');
    const score = ltiScoreOf(currentChecks(module, summaries), standing?.checks);
    if (!score) return skip('the module has no checks');
    await gradebook.postScore(platform, link.lineItemUrl, { userId: user.sub, ...score, timestamp });
    return 'posted';
  }
  return { send };
}
