// Races on a person's role through the local stack (issue 33), each run many times so that luck cannot pass them:
// two role changes at once leave exactly one role, the same in the user pool, the lookup and the people list; a role
// change to Students at the same time as making that person a class's teacher never leaves a Student teaching.
import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { isRole } from '@shared/roles';
import { identityClient } from './harness';
import { RUN_ID, startWorld, type World } from './support/world';

jest.setTimeout(240_000);

const RUNS = 12;

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.stop());

const invite = async (tag: string, role: string): Promise<string> =>
  (await world.ok('invitePerson', { as: world.admin, body: { email: `${tag}-${RUN_ID}@example.com`, name: `Race ${tag}`, role } })).person.userId;

/** The role groups the user pool has the person in. */
async function groupsOf(userId: string): Promise<string[]> {
  const client = identityClient(world.config);
  try {
    const { Groups = [] } = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: world.config.cognito.userPoolId, Username: userId }));
    return Groups.map((group) => group.GroupName ?? '').filter(isRole).sort();
  } finally {
    client.destroy();
  }
}

test(`two role changes of one person at once leave exactly one role, everywhere (${RUNS} runs)`, async () => {
  const outcomes = [];
  for (let run = 0; run < RUNS; run += 1) {
    const userId = await invite(`both-${run}`, 'Students');
    const answers = await Promise.all(
      (['Teachers', 'Admins'] as const).map((role) => world.call('changeRole', { as: world.admin, params: { userId }, body: { role } })),
    );
    const groups = await groupsOf(userId);
    const [looked] = (await world.ok('lookupPeople', { as: world.admin, body: { emails: [`both-${run}-${RUN_ID}@example.com`] } })).people;
    const listed = (await world.ok('listPeople', { as: world.admin, path: `/api/admin/people?search=both-${run}-${RUN_ID}` })).people;
    outcomes.push({
      statuses: answers.map((answer) => answer.status).sort(),
      groups: groups.length,
      agree: looked.role === groups[0] && listed.length === 1 && listed[0].role === groups[0],
    });
  }
  // Each run: one change wins (the other is refused with 409, or runs after it); one group; lookup and list agree.
  for (const outcome of outcomes) {
    expect(outcome).toEqual({ statuses: expect.arrayContaining([200]), groups: 1, agree: true });
    expect(outcome.statuses.every((status) => status === 200 || status === 409)).toBe(true);
  }
});

test(`a person made a class's teacher while being moved to Students never ends up teaching it as a Student (${RUNS} runs)`, async () => {
  const outcomes = [];
  for (let run = 0; run < RUNS; run += 1) {
    const userId = await invite(`teach-${run}`, 'Teachers');
    const { classId } = await world.ok('createClass', { as: world.admin, body: { className: `Race class ${run} ${RUN_ID}` } });
    const [assigned, moved] = await Promise.all([
      world.call('setClassTeacher', { as: world.admin, params: { classId }, body: { teacherId: userId } }),
      world.call('changeRole', { as: world.admin, params: { userId }, body: { role: 'Students' } }),
    ]);
    const groups = await groupsOf(userId);
    const detail = await world.ok('getAdminClass', { as: world.admin, params: { classId } });
    outcomes.push({ assigned: assigned.status, refusal: assigned.body?.message, moved: moved.status, groups, teaches: detail.teacher?.userId === userId });
  }
  // The assignment may also run after the move has finished: then it is refused as a person who is not a teacher
  // (400), and only then.
  for (const outcome of outcomes) {
    // Never both: a Student named as the class's teacher.
    expect({ ...outcome, studentTeaching: outcome.teaches && outcome.groups.includes('Students') }).toMatchObject({ studentTeaching: false });
    expect(outcome.groups).toHaveLength(1);
    expect([200, 400, 409]).toContain(outcome.assigned);
    expect([200, 409]).toContain(outcome.moved);
    if (outcome.assigned === 400) {
      expect({ moved: outcome.moved, groups: outcome.groups }).toEqual({ moved: 200, groups: ['Students'] });
      expect(outcome.refusal).toMatch(/is not a teacher/);
    }
  }
});
