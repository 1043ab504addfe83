import { addressesToLookUp, chunk, classifyRows, ListTooLongError, parseInvitationList, roleFromWord, summarise } from './invitation-list';

describe('parseInvitationList', () => {
  it('reads email,name,role lines, skipping a header and blank lines, with line numbers', () => {
    const text = 'Email,Name,Role\n\nada@school.example,Ada Lovelace,Teachers\r\nsam@school.example;Sam Student;student\n';
    expect(parseInvitationList(text, 'Students')).toEqual([
      { line: 3, email: 'ada@school.example', name: 'Ada Lovelace', role: 'Teachers' },
      { line: 4, email: 'sam@school.example', name: 'Sam Student', role: 'student' },
    ]);
  });

  it('keeps quoted fields whole (commas and doubled quotes inside) and takes the default role when none is given', () => {
    expect(parseInvitationList('"kim@school.example","Kim, ""KJ"" Jones"\nlee@school.example\tLee', 'Teachers')).toEqual([
      { line: 1, email: 'kim@school.example', name: 'Kim, "KJ" Jones', role: 'Teachers' },
      { line: 2, email: 'lee@school.example', name: 'Lee', role: 'Teachers' },
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
      'new@school.example,New Person,Students',
      'Exists@School.example,Old Person,Teachers',
      'not-an-email,Someone,Students',
      'NEW@school.example,Again,Students',
      'wizard@school.example,Merlin,Wizards',
      'noname@school.example,,Students',
      'admin@school.example,Ann Admin,administrator',
    ].join('\n'),
    'Students',
  );

  it('classifies each row before anything is written', () => {
    const preview = classifyRows(rows, new Set(['exists@school.example']));
    expect(preview.map((row) => [row.line, row.status, row.message])).toEqual([
      [1, 'new', 'Will be invited.'],
      [2, 'exists', 'Already has an account.'],
      [3, 'invalidEmail', 'Not a valid e-mail address.'],
      [4, 'duplicate', 'Same e-mail as line 1.'],
      [5, 'unknownRole', 'Unknown role "Wizards": use Students, Teachers or Admins.'],
      [6, 'invalidName', 'Name is required.'],
      [7, 'new', 'Will be invited.'],
    ]);
    expect(preview[0].invitation).toEqual({ email: 'new@school.example', name: 'New Person', role: 'Students' });
    expect(preview[6].invitation).toEqual({ email: 'admin@school.example', name: 'Ann Admin', role: 'Admins' });
    expect(summarise(preview)).toBe('2 new, 1 already exists, 1 invalid e-mail, 1 invalid name, 1 unknown role, 1 duplicate in the list');
  });

  it('asks the server only about well-formed addresses, once each, in lower case', () => {
    expect(addressesToLookUp(rows)).toEqual([
      'new@school.example',
      'exists@school.example',
      'wizard@school.example',
      'noname@school.example',
      'admin@school.example',
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
