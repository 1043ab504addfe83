// DELETE /api/admin/classes/{classId}/students/{studentId} over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, OTHER_STUDENT_ID, STUDENT_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './unenrol-student';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';
import { CLASS_ID } from '@functions/test/in-memory/records';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const unenrol = (classId: string, studentId: string, secondFactor = withSecondFactor) =>
  invoke(
    makeHandler(school.classAdmin, secondFactor),
    apiEvent(routes.unenrolStudent, { token: tokens.admin, pathParameters: { classId, studentId } }),
  );

describe('DELETE /api/admin/classes/{classId}/students/{studentId}', () => {
  it('answers 200 with the class one student fewer', async () => {
    expect(await unenrol(CLASS_ID, STUDENT_ID)).toMatchObject({ statusCode: 200, body: { classId: CLASS_ID, studentCount: 0 } });
    expect(await school.ports.classes.getEnrolment(CLASS_ID, STUDENT_ID)).toBeUndefined();
  });

  it('answers 404 for a student not in the class and for a class that does not exist', async () => {
    expect(await unenrol(CLASS_ID, OTHER_STUDENT_ID)).toMatchObject({ statusCode: 404, body: { message: 'This student is not enrolled in this class.' } });
    expect(await unenrol('missing', STUDENT_ID)).toMatchObject({ statusCode: 404 });
  });

  it('answers 400 for a malformed id', async () => {
    expect(await unenrol(CLASS_ID, 'a b')).toMatchObject({ statusCode: 400, body: errorBody(/^studentId /) });
  });

  it('answers 403 without two-factor authentication, unenrolling no one', async () => {
    expect(await unenrol(CLASS_ID, STUDENT_ID, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(await school.ports.classes.getEnrolment(CLASS_ID, STUDENT_ID)).toBeDefined();
  });
});
