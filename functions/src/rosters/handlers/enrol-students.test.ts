// POST /api/admin/classes/{classId}/students over in-memory stores: one outcome per student.
import { routes } from '@shared/contract';
import { apiEvent, invoke, STUDENT_ID, TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './enrol-students';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import { OTHER_CLASS_ID } from '@functions/test/in-memory/records';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const enrol = (classId: string, body: unknown, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.classAdmin, secondFactor), apiEvent(routes.enrolStudents, { token: tokens.admin, pathParameters: { classId }, body }));

describe('POST /api/admin/classes/{classId}/students', () => {
  it('answers 200 with what happened to each student, in order', async () => {
    const answer = await enrol(OTHER_CLASS_ID, { studentIds: [STUDENT_ID, TEACHER_ID, 'nobody'] });
    expect(answer).toMatchObject({
      statusCode: 200,
      body: {
        results: [
          { studentId: STUDENT_ID, outcome: 'enrolled', student: { email: 'student@example.com' } },
          { studentId: TEACHER_ID, outcome: 'notStudent', message: 'Ada Teacher is not a student.' },
          { studentId: 'nobody', outcome: 'notFound', message: 'There is no such person.' },
        ],
      },
    });
    expect(await school.ports.classes.getEnrolment(OTHER_CLASS_ID, STUDENT_ID)).toBeDefined();
  });

  it.each([
    [{ studentIds: [] }, { studentIds: 'studentIds must list at least one student.' }],
    [{ studentIds: 'student-1' }, { studentIds: 'studentIds must be a list of student ids.' }],
    [{ studentIds: Array.from({ length: 51 }, (_, index) => `s-${index}`) }, { studentIds: expect.stringMatching(/^Enrol at most 50 students/) }],
  ])('answers 400 naming the field, enrolling no one (%#)', async (body, fields) => {
    expect(await enrol(OTHER_CLASS_ID, body)).toMatchObject({ statusCode: 400, body: { fields } });
    expect(await school.ports.classes.getEnrolment(OTHER_CLASS_ID, STUDENT_ID)).toBeUndefined();
  });

  it('answers 404 for a class that does not exist', async () => {
    expect(await enrol('missing', { studentIds: [STUDENT_ID] })).toMatchObject({ statusCode: 404, body: { message: 'Class not found; reload the list.' } });
  });

  it('answers 403 without two-factor authentication, enrolling no one', async () => {
    expect(await enrol(OTHER_CLASS_ID, { studentIds: [STUDENT_ID] }, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(await school.ports.classes.getEnrolment(OTHER_CLASS_ID, STUDENT_ID)).toBeUndefined();
  });
});
