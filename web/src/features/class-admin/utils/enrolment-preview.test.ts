import type { Person } from '@shared/contract/people';
import { addressesIn, classifyEnrolments } from './enrolment-preview';

const person = (email: string, role: Person['role'], userId = email): Person => ({ userId, email, name: email, role, status: 'active', createdAt: '' });

it('classifies every pasted address before anything is written', () => {
  const text = 'sam@school.example, kim@school.example\nADA@school.example; new@school.example  not-an-address\nsam@school.example';
  const rows = classifyEnrolments(
    text,
    [person('sam@school.example', 'Students', 'sam'), person('kim@school.example', 'Students', 'kim'), person('ada@school.example', 'Teachers')],
    new Set(['kim']),
  );
  expect(rows.map((row) => [row.email, row.status])).toEqual([
    ['sam@school.example', 'willEnrol'],
    ['kim@school.example', 'alreadyEnrolled'],
    ['ada@school.example', 'notStudent'],
    ['new@school.example', 'unknown'],
    ['sam@school.example', 'duplicate'],
    ['not-an-address', 'invalid'],
  ]);
});

it('looks up each valid address once, in lower case', () => {
  expect(addressesIn('A@school.example a@school.example b@school.example nope')).toEqual(['a@school.example', 'b@school.example']);
});
