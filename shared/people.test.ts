// Names reach every admin list and class roster: what cannot be a name is refused with a sentence to act on.
import { invitePersonSchema, personNameSchema, renamePersonSchema } from './contract/people';
import { PERSON_NAME_MESSAGES } from './people';

const messagesFor = (name: string) => {
  const result = personNameSchema.safeParse(name);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('personNameSchema', () => {
  it.each([
    ['a plain name', 'Ada Lovelace'],
    ['letters with accents and other scripts', 'Zoë Ångström 山田 太郎'],
    ['a Persian name with a zero-width non-joiner inside it', 'محمد\u200Cرضا'],
    ['an emoji sequence joined by zero-width joiners', 'Sam 👩\u200D🔬'],
  ])('takes %s', (_what, name) => {
    expect(personNameSchema.safeParse(name)).toEqual({ success: true, data: name });
  });

  it.each([
    ['a right-to-left override', 'Sam\u202Egnp.exe', PERSON_NAME_MESSAGES.direction],
    ['a left-to-right embedding', '\u202ASam', PERSON_NAME_MESSAGES.direction],
    ['a first-strong isolate', 'Sam \u2068Admin\u2069', PERSON_NAME_MESSAGES.direction],
    ['a right-to-left mark', 'Sam\u200F', PERSON_NAME_MESSAGES.direction],
    ['an Arabic letter mark', '\u061CSam', PERSON_NAME_MESSAGES.direction],
    ['only zero-width spaces', '\u200B\u200B\u200B', PERSON_NAME_MESSAGES.invisible],
    ['only joiners, a word joiner and a byte order mark', '\u200C\u200D\u2060\uFEFF', PERSON_NAME_MESSAGES.invisible],
    ['only a Hangul filler', '\u3164', PERSON_NAME_MESSAGES.invisible],
    ['a control character (the probe\'s =cmd|)', '=cmd|\u0007 Sam', PERSON_NAME_MESSAGES.control],
    ['a line separator', 'Sam\u2028Admin', PERSON_NAME_MESSAGES.control],
  ])('refuses %s with a clear message', (_what, name, message) => {
    expect(messagesFor(name)).toContain(message);
  });

  it('is the rule of every form that takes a name: invite (one or many, and create-admin) and rename', () => {
    expect(invitePersonSchema.safeParse({ email: 'a@school.example', name: '\u200B', role: 'Students' }).success).toBe(false);
    expect(renamePersonSchema.safeParse({ name: 'Sam\u202E' }).success).toBe(false);
  });
});
