import { itemBytes } from './item-size';

test('an item counts its names and values: strings and names in UTF-8 bytes, sets as their elements', () => {
  expect(itemBytes({ pk: 'CLASS#c1', sk: 'ACTIVE#2026-12-06#s1' })).toBe(2 + 8 + 2 + 20);
  expect(itemBytes({ name: 'Zoë' })).toBe(4 + 4);
  expect(itemBytes({ ids: new Set(['s1', 's22']) })).toBe(3 + 5);
});

test("numbers count about a byte per two significant digits, plus one; lists and maps 3 bytes and one per element", () => {
  expect(itemBytes({ n: 7 })).toBe(1 + 2);
  expect(itemBytes({ n: 123456 })).toBe(1 + 4);
  expect(itemBytes({ list: ['ab', 1] })).toBe(4 + 3 + (1 + 2) + (1 + 2));
  expect(itemBytes({ map: { a: true } })).toBe(3 + 3 + (1 + 1 + 1));
});

test('no item counts nothing; a day of 5,000 students in one set passes 170 KB', () => {
  expect(itemBytes(undefined)).toBe(0);
  const students = new Set(Array.from({ length: 5000 }, (_, index) => `student-${String(index).padStart(28, '0')}`));
  expect(itemBytes({ activeStudents: students })).toBeGreaterThan(170 * 1024);
});
