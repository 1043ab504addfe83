// A score report's whole way on this machine: the in-process queue runs the sender, whose gradebook is the LMS twin's
// (token endpoint, AGS), with the queue's retry rule (its delays scaled down): an LMS that answers 503 loses no score.
import { checkInputSchema } from '@shared/contract/checks';
import { LTI_SCORE_DELIVERY } from '@shared/lti';
import { startTwinWithTool, type TwinWithTool } from '@functions/test/lti-platform-twin';
import { callers, CLASS_ID, givenSchool, MODULE_ID } from '../../test/in-memory/records';
import { inMemoryPorts } from '../../test/in-memory/ports';
import { makeCheckService } from '../checks/checks';
import { makeAgsGradebook } from './adapters/ags-gradebook';
import { makeInProcessScoreQueue } from './adapters/in-process-score-queue';
import { makePlatformServiceTokens } from './adapters/platform-service-tokens';
import { SERVICE_SCOPES } from './claims';
import { InMemoryLtiLinks } from './fakes/score-reporting';
import { InMemoryLtiPlatforms } from './fakes/platforms';
import { makeScoreReporter, makeScoreSender } from './scores';

jest.setTimeout(30_000);

let world: TwinWithTool;
beforeAll(async () => {
  world = await startTwinWithTool();
});
afterAll(() => world.close());

test('a score report retried after the gradebook answered 503 lands the score; one that fails every try is a dead letter', async () => {
  const { twin, platform, keys } = world;
  const tokens = makePlatformServiceTokens({ keys });
  const lineItem = await fetch(`${twin.url}/api/lti/courses/${twin.course.id}/lineitems`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await tokens.tokenFor(platform, ['https://purl.imsglobal.org/spec/lti-ags/scope/lineitem'])}`, 'Content-Type': 'application/vnd.ims.lis.v2.lineitem+json' },
    body: JSON.stringify({ label: 'Cells', scoreMaximum: 10 }),
  });
  const lineItemUrl = ((await lineItem.json()) as { id: string }).id;
  const learner = twin.accounts.find((account) => account.role === 'Learner')!;

  const ports = inMemoryPorts();
  givenSchool(ports);
  const links = new InMemoryLtiLinks();
  await links.putResourceLink({ platformId: platform.platformId, deploymentId: twin.deploymentId, resourceLinkId: 'rl-1', contextId: twin.course.id, classId: CLASS_ID, moduleId: MODULE_ID, lineItemUrl, agsScopes: [SERVICE_SCOPES.score] });
  links.users.push({ platformId: platform.platformId, sub: learner.userId, userId: callers.student.userId });
  const platforms = new InMemoryLtiPlatforms();
  await platforms.insert(platform);
  const sender = makeScoreSender({ ...ports, clock: { now: () => new Date() }, links, platforms, gradebook: makeAgsGradebook({ tokens }) });
  const log: string[] = [];
  const queue = makeInProcessScoreQueue({ deliver: sender.send, millisecondsPerSecond: 0.01, log: (line) => log.push(line) });
  const checks = makeCheckService({ ...ports, scoreReporter: makeScoreReporter({ links, queue }) });
  await checks.save(callers.teacher, MODULE_ID, 'section-1', checkInputSchema.parse({ passMark: 50, questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Cells have membranes.', answer: true }] }));

  twin.setScoreOutage(2);
  await checks.submit(callers.student, MODULE_ID, 'section-1', { attemptId: '00000000-0000-4000-8000-000000000001', classId: CLASS_ID, answers: { q1: true } });
  await queue.settled();

  const column = twin.gradebook().find((candidate) => candidate.lineItem.label === 'Cells')!;
  expect(column.results).toEqual([expect.objectContaining({ userId: learner.userId, scoreGiven: 100, scoreMaximum: 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded' })]);
  expect(log).toEqual([expect.stringContaining('failed (try 1), tried again in 60 s'), expect.stringContaining('failed (try 2), tried again in 120 s')]);
  expect(queue.deadLetters).toEqual([]);

  twin.setScoreOutage(LTI_SCORE_DELIVERY.maxDeliveries);
  await queue.send([{ classId: CLASS_ID, moduleId: MODULE_ID, studentId: callers.student.userId, platformId: platform.platformId, resourceLinkId: 'rl-1' }]);
  await queue.settled();
  expect(queue.deadLetters).toHaveLength(1);
  expect(log.at(-1)).toMatch(/failed 12 times and is kept as a dead letter: "LMS twin" refused the score .*HTTP 503/);
  queue.close();
});
