// The class use cases over in-memory stores that keep the DynamoDB adapters' promises.
import { callers, CLASS_ID, classRecord, givenSchool, MODULE_ID, moduleRecord, OTHER_CLASS_ID, refused } from '../../test/in-memory/records';
import { inMemoryPorts, type InMemoryPorts } from '../../test/in-memory/ports';
import { makeClassService, requireClass } from './classes';

let ports: InMemoryPorts;
let service: ReturnType<typeof makeClassService>;
const { teacher, otherTeacher, student, otherStudent, admin } = callers;
const aaron = { studentId: 'student-0', name: 'Aaron A', email: 'aaron@example.com' };

beforeEach(() => {
  ports = inMemoryPorts();
  service = makeClassService(ports);
  givenSchool(ports);
});


describe('listTeacherClasses', () => {
  it('lists the classes the caller teaches, by name, with student and module ids', async () => {
    ports.classes.put(classRecord({ classId: 'class-0', className: 'Algebra', students: {}, assignedModuleIds: [] }));
    await expect(service.listTeacherClasses(teacher)).resolves.toEqual([
      { _id: 'class-0', className: 'Algebra', teacherId: { _id: teacher.userId, username: 'teacher@example.com' }, studentIds: [], assignedModuleIds: [] },
      {
        _id: CLASS_ID,
        className: 'Biology 7A',
        teacherId: { _id: teacher.userId, username: 'teacher@example.com' },
        studentIds: [student.userId],
        assignedModuleIds: [MODULE_ID],
      },
    ]);
  });

  it("is forbidden for another teacher's id", async () => {
    await expect(service.listTeacherClasses(teacher, otherTeacher.userId)).rejects.toEqual(refused('forbidden', /classes you teach/));
  });
});

describe('listStudentClasses', () => {
  it("lists the student's classes with only themselves on the roster", async () => {
    await ports.classes.enrollStudent(OTHER_CLASS_ID, { studentId: student.userId, name: 'student@example.com', email: 'student@example.com' });
    const classes = await service.listStudentClasses(student, student.userId);
    expect(classes.map((each) => [each._id, each.studentIds])).toEqual([
      [CLASS_ID, [student.userId]],
      [OTHER_CLASS_ID, [student.userId]],
    ]);
  });

  it('leaves out a class the student is no longer enrolled in', async () => {
    ports.classes.put(classRecord({ students: {} }));
    await expect(service.listStudentClasses(student, student.userId)).resolves.toEqual([]);
  });

  it("is forbidden for another student's id", async () => {
    await expect(service.listStudentClasses(student, otherStudent.userId)).rejects.toEqual(refused('forbidden', /your own classes/));
  });
});

describe('getDetail', () => {
  it('gives the teacher the full roster (with the e-mails kept) and the assigned modules, populated and sorted', async () => {
    ports.modules.put(moduleRecord({ moduleId: 'module-0', title: 'Atoms' }));
    await ports.classes.addAssignedModule(CLASS_ID, teacher.userId, 'module-0');
    await ports.classes.enrollStudent(CLASS_ID, aaron);
    const detail = await service.getDetail(teacher, CLASS_ID);
    // The set-up's enrolment is of the older kind, without an e-mail.
    expect(detail.studentIds).toEqual([
      { _id: 'student-0', username: 'Aaron A', email: 'aaron@example.com' },
      { _id: student.userId, username: 'student@example.com' },
    ]);
    expect(detail.assignedModuleIds.map((module) => module.title)).toEqual(['Atoms', 'Cells']);
  });

  it('gives an admin the full roster of any class', async () => {
    await ports.classes.enrollStudent(CLASS_ID, aaron);
    const detail = await service.getDetail(admin, CLASS_ID);
    expect(detail.studentIds.map((each) => each._id)).toEqual(['student-0', student.userId]);
  });

  it('shows an enrolled student only themselves on the roster, without e-mails', async () => {
    await ports.classes.enrollStudent(CLASS_ID, aaron);
    await ports.classes.renameStudentInClasses({ studentId: student.userId, name: 'Stu Dent', email: 'student@example.com' });
    const detail = await service.getDetail(student, CLASS_ID);
    expect(detail.studentIds).toEqual([{ _id: student.userId, username: 'Stu Dent' }]);
  });

  it('leaves out an assigned module that was deleted and not yet cleaned up', async () => {
    await ports.modules.deleteOwnedModule(MODULE_ID, teacher.userId);
    await expect(service.getDetail(teacher, CLASS_ID)).resolves.toMatchObject({ assignedModuleIds: [] });
  });

  it.each([
    ['another teacher', otherTeacher, CLASS_ID],
    ['a student of another class', otherStudent, CLASS_ID],
    ['a class that does not exist', teacher, 'missing'],
  ])('is not found for %s', async (_who, caller, classId) => {
    await expect(service.getDetail(caller, classId)).rejects.toEqual(refused('notFound', 'Class not found.'));
  });
});

describe('assignModule', () => {
  beforeEach(() => ports.modules.put(moduleRecord({ moduleId: 'module-2', title: 'Genetics' })));

  it("adds one of the teacher's modules to a class they teach and answers the class detail", async () => {
    const detail = await service.assignModule(teacher, CLASS_ID, 'module-2');
    expect(detail.assignedModuleIds.map((module) => module._id)).toEqual([MODULE_ID, 'module-2']);
    expect((await ports.classes.getClass(CLASS_ID))!.assignedModuleIds).toEqual([MODULE_ID, 'module-2']);
  });

  it('lists a module assigned twice once', async () => {
    await service.assignModule(teacher, CLASS_ID, MODULE_ID);
    expect((await ports.classes.getClass(CLASS_ID))!.assignedModuleIds).toEqual([MODULE_ID]);
  });

  it('keeps every assignment when several race', async () => {
    ports.modules.put(moduleRecord({ moduleId: 'module-3' }), moduleRecord({ moduleId: 'module-4' }));
    await Promise.all(['module-2', 'module-3', 'module-4'].map((id) => service.assignModule(teacher, CLASS_ID, id)));
    expect((await ports.classes.getClass(CLASS_ID))!.assignedModuleIds).toEqual([MODULE_ID, 'module-2', 'module-3', 'module-4']);
  });

  it('undoes the assignment when the module was deleted between the ownership check and the ADD', async () => {
    jest.spyOn(ports.modules, 'getModule').mockResolvedValueOnce(moduleRecord({ moduleId: 'module-2' })).mockResolvedValueOnce(undefined);
    await expect(service.assignModule(teacher, CLASS_ID, 'module-2')).rejects.toEqual(refused('notFound', 'Module not found.'));
    expect((await ports.classes.getClass(CLASS_ID))!.assignedModuleIds).toEqual([MODULE_ID]);
  });

  it.each([
    ["another teacher's module", 'theirs'],
    ['a module that does not exist', 'missing'],
  ])('is not found for %s, leaving the class as it was', async (_case, moduleId) => {
    ports.modules.put(moduleRecord({ moduleId: 'theirs', ownerId: otherTeacher.userId }));
    await expect(service.assignModule(teacher, CLASS_ID, moduleId)).rejects.toEqual(refused('notFound', 'Module not found.'));
    expect((await ports.classes.getClass(CLASS_ID))!.assignedModuleIds).toEqual([MODULE_ID]);
  });

  it('keeps a due date as a UTC instant, changes it on a re-assign and removes it on a re-assign without one', async () => {
    const dated = await service.assignModule(teacher, CLASS_ID, 'module-2', '2026-12-05T17:00:00+01:00');
    expect(dated.assignedModuleIds.find((module) => module._id === 'module-2')).toMatchObject({ dueAt: '2026-12-05T16:00:00.000Z' });
    expect(dated.assignedModuleIds.find((module) => module._id === MODULE_ID)).not.toHaveProperty('dueAt');
    await service.assignModule(teacher, CLASS_ID, 'module-2', '2026-12-12T09:30:00Z');
    expect((await service.getDetail(student, CLASS_ID)).assignedModuleIds.find((module) => module._id === 'module-2')).toMatchObject({
      dueAt: '2026-12-12T09:30:00.000Z',
    });
    const undated = await service.assignModule(teacher, CLASS_ID, 'module-2');
    expect(undated.assignedModuleIds.find((module) => module._id === 'module-2')).not.toHaveProperty('dueAt');
    expect((await ports.classes.getClass(CLASS_ID))!.dueAt).toBeUndefined();
  });

  it('is not found for a class the caller does not teach, or that does not exist', async () => {
    for (const classId of [OTHER_CLASS_ID, 'missing']) {
      await expect(service.assignModule(teacher, classId, 'module-2')).rejects.toEqual(refused('notFound', 'Class not found.'));
    }
    expect((await ports.classes.getClass(OTHER_CLASS_ID))!.assignedModuleIds).toEqual([]);
  });
});

describe('unassignModule', () => {
  it('takes a module off a class the teacher teaches, keeping the students\' progress on it', async () => {
    await ports.progress.addCompletedSection({ classId: CLASS_ID, moduleId: MODULE_ID, studentId: student.userId }, 'section-1', '2026-01-01T00:00:00.000Z');
    const detail = await service.unassignModule(teacher, CLASS_ID, MODULE_ID);
    expect(detail.assignedModuleIds).toEqual([]);
    expect(ports.progress.all()).toHaveLength(1);
  });

  it('forgets the due date, so a re-assign without one has none', async () => {
    await service.assignModule(teacher, CLASS_ID, MODULE_ID, '2026-12-05T16:00:00Z');
    await service.unassignModule(teacher, CLASS_ID, MODULE_ID);
    expect((await ports.classes.getClass(CLASS_ID))!.dueAt).toBeUndefined();
  });

  it('is not found for a class the caller does not teach, and changes nothing', async () => {
    await expect(service.unassignModule(otherTeacher, CLASS_ID, MODULE_ID)).rejects.toEqual(refused('notFound', 'Class not found.'));
    await expect(service.unassignModule(admin, CLASS_ID, MODULE_ID)).rejects.toEqual(refused('notFound', 'Class not found.'));
    expect((await ports.classes.getClass(CLASS_ID))!.assignedModuleIds).toEqual([MODULE_ID]);
  });
});

describe('requireClass', () => {
  it.each([
    ['teacher', teacher, 'teacher', true],
    ['teacher', student, 'teacher', false],
    ['student', student, 'student', true],
    ['student', teacher, 'student', false],
    ['teacherOrStudent', teacher, 'teacher', true],
    ['teacherOrStudent', student, 'student', true],
    ['teacherOrStudent', otherStudent, 'outsider', false],
    ['teacherOrStudent', admin, 'admin', false],
    ['reader', admin, 'admin', true],
    ['reader', teacher, 'teacher', true],
    ['reader', student, 'student', false],
  ] as const)('as %s admits the %s: %s', async (as, caller, _who, admitted) => {
    const answer = requireClass(ports.classes, caller, CLASS_ID, as);
    if (admitted) await expect(answer).resolves.toMatchObject({ classId: CLASS_ID });
    else await expect(answer).rejects.toEqual(refused('notFound', 'Class not found.'));
  });
});

describe('roster', () => {
  beforeEach(() => {
    const students = Object.fromEntries(Array.from({ length: 5 }, (_, index) => [`s${index}`, `Student ${index}`]));
    ports.classes.put(classRecord({ students }));
  });

  it('answers pages in student-id order with the cursor of the next page and the class count', async () => {
    const first = await service.roster(teacher, CLASS_ID, { limit: 2 });
    expect(first).toEqual({
      students: [
        { userId: 's0', name: 'Student 0' },
        { userId: 's1', name: 'Student 1' },
      ],
      studentCount: 5,
      next: Buffer.from('s1').toString('base64url'),
    });
    const last = await service.roster(admin, CLASS_ID, { limit: 2, after: 's3' });
    expect(last).toEqual({ students: [{ userId: 's4', name: 'Student 4' }], studentCount: 5 });
  });

  it('answers each student with the e-mail their enrolment keeps, and its date', async () => {
    await ports.classes.enrollStudent(CLASS_ID, { studentId: 's5', name: 'Student 0', email: 'another.student0@example.com' }, '2026-11-23T10:00:00.000Z');
    const page = await service.roster(teacher, CLASS_ID, { after: 's4' });
    expect(page.students).toEqual([{ userId: 's5', name: 'Student 0', email: 'another.student0@example.com', enrolledAt: '2026-11-23T10:00:00.000Z' }]);
  });

  it('is not found for a student of the class or another teacher', async () => {
    for (const caller of [student, otherTeacher]) {
      await expect(service.roster(caller, CLASS_ID, {})).rejects.toEqual(refused('notFound', 'Class not found.'));
    }
  });
});
