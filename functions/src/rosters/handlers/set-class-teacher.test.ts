// PUT /api/admin/classes/{classId}/teacher over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './set-class-teacher';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import { CLASS_ID } from '@functions/test/in-memory/records';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const setTeacher = (classId: string, body: unknown, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.classAdmin, secondFactor), apiEvent(routes.setClassTeacher, { token: tokens.admin, pathParameters: { classId }, body }));
const teacherOf = async () => (await school.ports.classes.getClass(CLASS_ID))?.teacherId;

describe('PUT /api/admin/classes/{classId}/teacher', () => {
  it('answers 200 with the class and its new teacher', async () => {
    expect(await setTeacher(CLASS_ID, { teacherId: school.newTeacher.userId })).toMatchObject({
      statusCode: 200,
      body: { classId: CLASS_ID, teacher: { userId: school.newTeacher.userId, name: 'Grace Teacher' } },
    });
  });

  it('answers 200 with the class without a teacher for null', async () => {
    const answer = await setTeacher(CLASS_ID, { teacherId: null });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toHaveProperty('teacher');
  });

  it('answers 400 naming the field when teacherId is missing, and for a person who is not a teacher', async () => {
    expect(await setTeacher(CLASS_ID, {})).toMatchObject({ statusCode: 400, body: { fields: { teacherId: expect.any(String) } } });
    expect(await setTeacher(CLASS_ID, { teacherId: STUDENT_ID })).toMatchObject({ statusCode: 400, body: errorBody(/is not a teacher/) });
    expect(await teacherOf()).toBe(TEACHER_ID);
  });

  it('answers 404 for a class or a teacher that does not exist', async () => {
    expect(await setTeacher('missing', { teacherId: TEACHER_ID })).toMatchObject({ statusCode: 404, body: { message: 'Class not found; reload the list.' } });
    expect(await setTeacher(CLASS_ID, { teacherId: 'nobody' })).toMatchObject({ statusCode: 404, body: errorBody(/no such teacher/) });
  });

  it('answers 403 without two-factor authentication, changing nothing', async () => {
    expect(await setTeacher(CLASS_ID, { teacherId: null }, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(await teacherOf()).toBe(TEACHER_ID);
  });
});
