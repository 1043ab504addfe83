// Scores to an LMS gradebook: what score and progress a student's standing makes, the reporter's one read and its
// message per linked line item, the sender reading the standing when it sends, and check attempts telling the reporter.
import { checkInputSchema, type AttemptInput } from '@shared/contract/checks';
import { callers, CLASS_ID, givenSchool, MODULE_ID } from '../../test/in-memory/records';
import { CANVAS } from '../../test/in-memory/lti';
import { inMemoryPorts, type InMemoryPorts } from '../../test/in-memory/ports';
import { makeCheckService } from '../checks/checks';
import { SERVICE_SCOPES } from './claims';
import { InMemoryGradebook, InMemoryLtiLinks, InMemoryScoreQueue } from './fakes/score-reporting';
import { InMemoryLtiPlatforms } from './fakes/platforms';
import type { LtiPlatformRecord, LtiResourceLink, LtiScoreMessage } from './port';
import { ltiScoreOf, makeScoreReporter, makeScoreSender } from './scores';

const { teacher, student } = callers;
const summary = (sectionId: string) => ({ sectionId, version: 1, questionCount: 3, passMark: 60, maxAttempts: null });

describe('the score a standing makes', () => {
  const checks = [summary('s1'), summary('s2'), summary('s3')];
  const standing = (bestPercent: number) => ({ bestPercent, passed: bestPercent >= 60, attempts: 1 });

  test.each([
    ['no attempt yet', {}, { activityProgress: 'Initialized', gradingProgress: 'NotReady' }],
    ['one of three checks attempted: a partial score over all three', { s1: standing(90) }, { scoreGiven: 30, scoreMaximum: 100, activityProgress: 'InProgress', gradingProgress: 'Pending' }],
    ['every check attempted: the mean best percent, final', { s1: standing(90), s2: standing(40), s3: standing(71) }, { scoreGiven: 67, scoreMaximum: 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded' }],
    ['a check of a removed section does not count', { s1: standing(100), s2: standing(100), s3: standing(100), gone: standing(0) }, { scoreGiven: 100, activityProgress: 'Completed' }],
  ])('%s', (_case, standings, expected) => {
    expect(ltiScoreOf(checks, standings)).toMatchObject(expected);
  });

  test('a module without checks has no score', () => {
    expect(ltiScoreOf([], { s1: standing(90) })).toBeUndefined();
  });
});

const PLATFORM: LtiPlatformRecord = { ...CANVAS, platformId: 'canvas', registeredAt: '2026-12-01T00:00:00.000Z', updatedAt: '2026-12-01T00:00:00.000Z' };

const link = (fields: Partial<LtiResourceLink> = {}): LtiResourceLink => ({
  platformId: PLATFORM.platformId,
  deploymentId: CANVAS.deploymentIds[0]!,
  resourceLinkId: 'rl-1',
  contextId: 'course-1',
  classId: CLASS_ID,
  moduleId: MODULE_ID,
  lineItemUrl: 'https://canvas.example.edu/api/lti/courses/1/line_items/7',
  agsScopes: [SERVICE_SCOPES.score],
  ...fields,
});

const change = { classId: CLASS_ID, moduleId: MODULE_ID, studentId: student.userId };

describe('the reporter', () => {
  test('queues nothing for a module no LMS links to, after one read', async () => {
    const links = new InMemoryLtiLinks();
    const queue = new InMemoryScoreQueue();

    await makeScoreReporter({ links, queue }).bestScoreChanged(change);

    expect(links.reads).toBe(1);
    expect(queue.messages).toEqual([]);
  });

  test('queues ids, one message per link with a line item', async () => {
    const links = new InMemoryLtiLinks();
    const queue = new InMemoryScoreQueue();
    await links.putResourceLink(link());
    await links.putResourceLink(link({ platformId: 'moodle', resourceLinkId: 'rl-9' }));
    await links.putResourceLink(link({ resourceLinkId: 'rl-ungraded', lineItemUrl: undefined }));
    await links.putResourceLink(link({ resourceLinkId: 'rl-elsewhere', moduleId: 'another-module' }));

    await makeScoreReporter({ links, queue }).bestScoreChanged(change);

    expect(queue.messages).toEqual([
      { ...change, platformId: 'canvas', resourceLinkId: 'rl-1' },
      { ...change, platformId: 'moodle', resourceLinkId: 'rl-9' },
    ]);
  });
});

let attempts = 0;
const attempt = (answers: AttemptInput['answers']): AttemptInput => ({ attemptId: `00000000-0000-4000-8000-${String(++attempts).padStart(12, '0')}`, classId: CLASS_ID, answers });
const ALL_RIGHT = { q1: ['b'], q2: true, q3: 'phospholipid' };
const ONE_RIGHT = { q1: ['a'], q2: true, q3: 'protein' };
const check = () =>
  checkInputSchema.parse({
    passMark: 60,
    questions: [
      { id: 'q1', kind: 'single', prompt: 'Which is the powerhouse?', options: [{ id: 'a', text: 'Nucleus' }, { id: 'b', text: 'Mitochondrion' }], answer: ['b'] },
      { id: 'q2', kind: 'truefalse', prompt: 'Plant cells have walls.', answer: true },
      { id: 'q3', kind: 'text', prompt: 'The membrane’s main lipid?', answer: ['phospholipid'] },
    ],
  });

describe('the sender and the check attempts', () => {
  let ports: InMemoryPorts;
  let checks: ReturnType<typeof makeCheckService>;
  let links: InMemoryLtiLinks;
  let platforms: InMemoryLtiPlatforms;
  let gradebook: InMemoryGradebook;
  let sender: ReturnType<typeof makeScoreSender>;
  const message: LtiScoreMessage = { ...change, platformId: PLATFORM.platformId, resourceLinkId: 'rl-1' };

  beforeEach(async () => {
    ports = inMemoryPorts();
    givenSchool(ports);
    checks = makeCheckService(ports);
    links = new InMemoryLtiLinks();
    platforms = new InMemoryLtiPlatforms();
    gradebook = new InMemoryGradebook();
    sender = makeScoreSender({ ...ports, links, platforms, gradebook });
    await platforms.insert(PLATFORM);
    await links.putResourceLink(link());
    links.users.push({ platformId: PLATFORM.platformId, sub: 'canvas-user-42', userId: student.userId });
    await checks.save(teacher, MODULE_ID, 'section-1', check());
    await checks.save(teacher, MODULE_ID, 'section-2', check());
  });

  test('an attempt tells the reporter when it is the first at a check or beats the best, and a repeat tells it again', async () => {
    const first = attempt(ONE_RIGHT);
    await checks.submit(student, MODULE_ID, 'section-1', first);
    await checks.submit(student, MODULE_ID, 'section-1', attempt(ONE_RIGHT));
    await checks.submit(student, MODULE_ID, 'section-1', attempt(ALL_RIGHT));
    await checks.submit(student, MODULE_ID, 'section-2', attempt(ONE_RIGHT));
    expect(ports.scoreReporter.changes).toEqual([change, change, change]);

    await checks.submit(student, MODULE_ID, 'section-1', first);
    expect(ports.scoreReporter.changes).toHaveLength(4);
  });

  test('posts the standing read when it sends, under the student\'s user id on the platform, stamped before the reads', async () => {
    await checks.submit(student, MODULE_ID, 'section-1', attempt(ALL_RIGHT));
    ports.clock.set('2026-12-06T12:00:00.000Z');

    expect(await sender.send(message)).toBe('posted');
    await checks.submit(student, MODULE_ID, 'section-2', attempt(ONE_RIGHT));
    ports.clock.set('2026-12-06T12:05:00.000Z');
    expect(await sender.send(message)).toBe('posted');

    expect(gradebook.posted).toEqual([
      {
        platformId: 'canvas',
        lineItemUrl: link().lineItemUrl,
        score: { userId: 'canvas-user-42', scoreGiven: 50, scoreMaximum: 100, activityProgress: 'InProgress', gradingProgress: 'Pending', timestamp: '2026-12-06T12:00:00.000Z' },
      },
      {
        platformId: 'canvas',
        lineItemUrl: link().lineItemUrl,
        score: { userId: 'canvas-user-42', scoreGiven: 67, scoreMaximum: 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded', timestamp: '2026-12-06T12:05:00.000Z' },
      },
    ]);
  });

  test('an outage throws, for the queue to try again', async () => {
    await checks.submit(student, MODULE_ID, 'section-1', attempt(ALL_RIGHT));
    gradebook.outage = 1;
    await expect(sender.send(message)).rejects.toThrow('HTTP 503');
    expect(await sender.send(message)).toBe('posted');
  });

  test.each<[string, (world: { links: InMemoryLtiLinks; platforms: InMemoryLtiPlatforms }) => Promise<unknown>]>([
    ['the link is gone', async ({ links }) => links.links.splice(0)],
    ['the link has no line item', async ({ links }) => links.putResourceLink(link({ lineItemUrl: undefined }))],
    ['the platform did not grant the score scope', async ({ links }) => links.putResourceLink(link({ agsScopes: ['https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly'] }))],
    ['the platform was removed', async ({ platforms }) => platforms.remove(PLATFORM)],
    ['the student never launched from the platform', async ({ links }) => links.users.splice(0)],
  ])('posts nothing, and says why in the log, when %s', async (_reason, arrange) => {
    await checks.submit(student, MODULE_ID, 'section-1', attempt(ALL_RIGHT));
    await arrange({ links, platforms });

    expect(await sender.send(message)).toBe('nothing to post');

    expect(gradebook.posted).toEqual([]);
    expect(ports.log.warnings).toEqual([expect.objectContaining({ message: expect.stringMatching(/^No score sent to the LMS: /), details: message })]);
  });
});
