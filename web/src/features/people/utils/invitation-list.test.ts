import type { Person } from '@shared/contract/people';
import { addressesToLookUp, classesNamed, classifyRows, ListTooLongError, parseInvitationList, roleFromWord, summarise } from './invitation-list';
import { chunk } from '@web/lib/chunk';

describe('parseInvitationList', () => {
  it('reads email,name,role lines, skipping a header and blank lines, with line numbers', () => {
    const text = 'Email,Name,Role\n\nada@school.example,Ada Lovelace,Teachers\r\nsam@school.example;Sam Student;student\n';
    expect(parseInvitationList(text, 'Students')).toEqual([
      { line: 3, email: 'ada@school.example', name: 'Ada Lovelace', role: 'Teachers', className: '' },
      { line: 4, email: 'sam@school.example', name: 'Sam Student', role: 'student', className: '' },
    ]);
  });

  it('keeps quoted fields whole (commas and doubled quotes inside) and takes the default role when none is given', () => {
    expect(parseInvitationList('"kim@school.example","Kim, ""KJ"" Jones"\nlee@school.example\tLee', 'Teachers')).toEqual([
      { line: 1, email: 'kim@school.example', name: 'Kim, "KJ" Jones', role: 'Teachers', className: '' },
      { line: 2, email: 'lee@school.example', name: 'Lee', role: 'Teachers', className: '' },
    ]);
  });

  it('treats a first line as data when it is not a header', () => {
    expect(parseInvitationList('email@school.example,Em Ail', 'Students')).toHaveLength(1);
  });

  it('refuses a list longer than the preview holds', () => {
    const text = Array.from({ length: 2001 }, (_, index) => `p${index}@school.example,P ${index}`).join('\n');
    expect(() => parseInvitationList(text, 'Students')).toThrow(ListTooLongError);
  });
});

describe('classifyRows', () => {
  const rows = parseInvitationList(
    [
      'email,name,role,class',
      'new@school.example,New Person,Students',
      'Exists@School.example,Old Person,Teachers',
      'not-an-email,Someone,Students',
      'NEW@school.example,Again,Students',
      'wizard@school.example,Merlin,Wizards',
      'noname@school.example,,Students',
      'admin@school.example,Ann Admin,administrator',
      'pupil@school.example,Pia Pupil,Students,year 9 SCIENCE',
      'sam@school.example,Sam,Students,Year 9 Science',
      'kim@school.example,Kim,Students, Year 9 Science ',
      'lee@school.example,Lee,Students,Year 12 Latin',
      'teach@school.example,Tia Teach,Teachers,Year 9 Science',
      'exists2@school.example,Old Teacher,Students,Year 9 Science',
    ].join('\n'),
    'Students',
  );
  const person = (email: string, role: Person['role']): Person => ({ userId: `id-${email}`, email, name: email, role, status: 'active', createdAt: '' });
  const science = { classId: 'c9', className: 'Year 9 Science' };
  const context = {
    people: new Map(
      [person('exists@school.example', 'Teachers'), person('sam@school.example', 'Students'), person('kim@school.example', 'Students'), person('exists2@school.example', 'Teachers')].map((each) => [each.email, each]),
    ),
    classes: [science, { classId: 'c10', className: 'Year 10 Biology' }],
    enrolled: new Map([['c9', new Set(['id-kim@school.example'])]]),
  };

  it('says per row what will happen before anything is written', () => {
    const preview = classifyRows(rows, context);
    expect(preview.map((row) => [row.line, row.status, row.message])).toEqual([
      [2, 'new', 'Will be invited.'],
      [3, 'exists', 'Already has an account; nothing to do.'],
      [4, 'invalidEmail', '"not-an-email" is not a valid e-mail address.'],
      [5, 'duplicate', 'Same e-mail as line 2; keep one of the two lines.'],
      [6, 'unknownRole', 'Unknown role "Wizards": use Students, Teachers or Admins.'],
      [7, 'invalidName', 'Name is required.'],
      [8, 'new', 'Will be invited.'],
      [9, 'new', 'Will be invited and enrolled in Year 9 Science.'],
      [10, 'enrol', 'Has an account; will be enrolled in Year 9 Science.'],
      [11, 'alreadyEnrolled', 'Already enrolled in Year 9 Science; nothing to do.'],
      [12, 'unknownClass', 'There is no class named "Year 12 Latin"; create it first or correct the name.'],
      [13, 'notStudent', 'Only students are enrolled in a class, and this person is in Teachers; leave the class empty, or give Year 9 Science its teacher on the class page.'],
      [14, 'notStudent', 'Only students are enrolled in a class, and this person is in Teachers; leave the class empty, or give Year 9 Science its teacher on the class page.'],
    ]);
    expect(preview[0].invitation).toEqual({ email: 'new@school.example', name: 'New Person', role: 'Students' });
    expect(preview[6].invitation).toEqual({ email: 'admin@school.example', name: 'Ann Admin', role: 'Admins' });
    expect(preview[7].enrolIn).toEqual(science);
    expect(preview[8]).toMatchObject({ enrolIn: science, person: { userId: 'id-sam@school.example' } });
    expect(summarise(preview)).toBe('3 new, 1 existing to enrol, 1 existing (nothing to do), 1 already enrolled, 7 with errors');
    expect(classesNamed(rows, context.classes)).toEqual([science]);
  });

  it('asks the server only about well-formed addresses, once each, in lower case', () => {
    expect(addressesToLookUp(rows)).toEqual([
      'new@school.example',
      'exists@school.example',
      'wizard@school.example',
      'noname@school.example',
      'admin@school.example',
      'pupil@school.example',
      'sam@school.example',
      'kim@school.example',
      'lee@school.example',
      'teach@school.example',
      'exists2@school.example',
    ]);
  });
});

it('understands roles as people type them', () => {
  expect(['teacher', 'Students', 'ADMIN', ' admins '].map(roleFromWord)).toEqual(['Teachers', 'Students', 'Admins', 'Admins']);
  expect(roleFromWord('parent')).toBeUndefined();
});

it('chunks a list into requests', () => {
  expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  expect(chunk([], 2)).toEqual([]);
});
