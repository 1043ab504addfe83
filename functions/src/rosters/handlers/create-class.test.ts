// POST /api/admin/classes over in-memory stores: 201 for a new class, 200 for a repeat of the same form.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './create-class';
import { givenAdminSchool, withoutSecondFactor, withSecondFactor } from '@functions/test/in-memory/admin';

let school: ReturnType<typeof givenAdminSchool>;
beforeEach(() => {
  school = givenAdminSchool();
});

const create = (body: unknown, secondFactor = withSecondFactor) =>
  invoke(makeHandler(school.classAdmin, secondFactor), apiEvent(routes.createClass, { token: tokens.admin, body }));
const FORM_ID = '6f1c1b9e-4a7d-4c39-9a55-3d2f0f6c2a11';

describe('POST /api/admin/classes', () => {
  it('answers 201 with the new class and its teacher', async () => {
    expect(await create({ className: ' Art 9C ', teacherId: TEACHER_ID })).toEqual(
      expect.objectContaining({
        statusCode: 201,
        body: { classId: 'id-1', className: 'Art 9C', teacher: { userId: TEACHER_ID, name: 'Ada Teacher' }, studentCount: 0, moduleCount: 0 },
      }),
    );
  });

  it("answers 200 with the class the form's first submit created to a repeat with the same classId", async () => {
    expect((await create({ classId: FORM_ID, className: 'Art' })).statusCode).toBe(201);
    expect(await create({ classId: FORM_ID, className: 'Art' })).toMatchObject({ statusCode: 200, body: { classId: FORM_ID, className: 'Art' } });
    expect(school.ports.classes.all()).toHaveLength(3);
  });

  it.each([
    [{ className: '' }, { className: 'Class name is required.' }],
    [{ className: 'Art', classId: 'not-a-uuid' }, { classId: 'classId must be a UUID the client generated for this form.' }],
    [{}, { className: 'Class name is required.' }],
  ])('answers 400 naming the field for %j, creating nothing', async (body, fields) => {
    expect(await create(body)).toMatchObject({ statusCode: 400, body: { fields } });
    expect(school.ports.classes.all()).toHaveLength(2);
  });

  it('answers 404 for a teacher who does not exist and 400 for someone who is not a teacher', async () => {
    expect(await create({ className: 'Art', teacherId: 'nobody' })).toMatchObject({ statusCode: 404, body: errorBody(/no such teacher/) });
    expect(await create({ className: 'Art', teacherId: STUDENT_ID })).toMatchObject({ statusCode: 400, body: errorBody(/is not a teacher/) });
    expect(school.ports.classes.all()).toHaveLength(2);
  });

  it('answers 403 without two-factor authentication, creating nothing', async () => {
    expect(await create({ className: 'Art' }, withoutSecondFactor)).toMatchObject({ statusCode: 403, body: { reason: 'secondFactorRequired' } });
    expect(school.ports.classes.all()).toHaveLength(2);
  });
});
