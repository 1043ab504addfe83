import { UPLOAD_LIMITS } from '../../../shared/constants';
import type { Caller } from './caller';
import { ownsStorageKey, partSizeFor, safeFileName } from './uploads';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

describe('partSizeFor', () => {
  it.each([
    [1, 5 * MiB],
    [5 * MiB + 1, 5 * MiB],
    [11 * MiB, 5 * MiB],
    [9_999 * 5 * MiB, 5 * MiB], // exactly 9,999 parts of 5 MiB
    [9_999 * 5 * MiB + 1, 10 * MiB], // 10,000 parts would be one too many: doubles
    [UPLOAD_LIMITS.maxFileBytes, 5 * MiB],
    [100 * GiB, 20 * MiB],
    [5 * 1024 * GiB, 640 * MiB],
  ])('gives a %i-byte file parts of %i bytes', (size, partSize) => {
    expect(partSizeFor(size)).toBe(partSize);
  });

  it.each([1, 6 * MiB, 48_828 * MiB, 50 * GiB, 97_656.25 * MiB, 1024 * GiB, 5 * 1024 * GiB - 1])(
    'for %i bytes: at least 5 MiB, a doubling of 5 MiB, under 10,000 parts, and the smallest such size',
    (size) => {
      const partSize = partSizeFor(size);
      expect(partSize).toBeGreaterThanOrEqual(5 * MiB);
      expect(Number.isInteger(Math.log2(partSize / (5 * MiB)))).toBe(true);
      expect(Math.ceil(size / partSize)).toBeLessThan(10_000);
      if (partSize > 5 * MiB) expect(Math.ceil(size / (partSize / 2))).toBeGreaterThanOrEqual(10_000);
    },
  );
});

describe('safeFileName', () => {
  it.each([
    ['Cell notes (v2).pdf', 'Cell-notes-v2-.pdf'],
    ['café.pdf', 'cafe.pdf'],
    ['../../etc/passwd', 'etc-passwd'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['chapter 1...final.pdf', 'chapter-1.final.pdf'],
    ['.hidden', 'file.hidden'],
    ['日本語.pdf', 'file.pdf'],
    ['', 'file'],
    ['....', 'file'],
    ['***', 'file'],
  ])('turns %j into %j', (input, output) => {
    expect(safeFileName(input)).toBe(output);
  });

  it('keeps the end (and so the extension) of a long name, within 100 characters, never starting with a dot', () => {
    const long = `${'x'.repeat(150)}.${'y'.repeat(99)}`;
    expect(safeFileName(long)).toBe('y'.repeat(99));
    expect(safeFileName(`${'a'.repeat(300)}.pdf`)).toBe(`${'a'.repeat(96)}.pdf`);
  });

  it.each(['notes..pdf', 'a/../b.pdf', '日本語.pdf', 'tab\there.docx', '%2e%2e%2f.pdf', 'ﬁle․pdf', `${'.'.repeat(120)}x`])(
    "gives %j a name that makes a key the uploader owns",
    (name) => {
      const teacher: Caller = { userId: 'teacher-1', roles: ['Teachers'] };
      const name_ = safeFileName(name);
      expect(name_).toMatch(/^[\w][\w.-]{0,99}$/);
      expect(ownsStorageKey(teacher, `protected/teacher-1/1714557600000-${name_}`)).toBe(true);
    },
  );
});

describe('ownsStorageKey', () => {
  const teacher: Caller = { userId: 'teacher-1', roles: ['Teachers'] };
  it.each([
    ['protected/teacher-1/1714557600000-notes.pdf', true],
    ['protected/teacher-1/nested/notes.pdf', true],
    ['protected/teacher-2/1714557600000-notes.pdf', false],
    ['protected/teacher-10/notes.pdf', false],
    ['protected/teacher-1', false],
    ['protected/teacher-1/', false],
    ['protected/teacher-1/../teacher-2/notes.pdf', false],
    ['public/teacher-1/notes.pdf', false],
    ['/protected/teacher-1/notes.pdf', false],
    ['', false],
  ])('%j → %s', (key, owned) => {
    expect(ownsStorageKey(teacher, key)).toBe(owned);
  });
});
