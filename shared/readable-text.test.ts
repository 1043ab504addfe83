// Every free text field a person reads, through the schema of the route that takes it: control characters,
// direction controls and text that shows nothing are refused naming the field, and what is taken is stored composed.
import type * as z from './zod';
import { checkInputSchema } from './contract/checks';
import { createClassSchema, renameClassSchema } from './contract/rosters';
import { invitePeopleSchema, invitePersonSchema, renamePersonSchema } from './contract/people';
import { readableTextMessages } from './readable-text';
import { createModuleSchema, updateModuleSchema } from './contract/modules';
import { createUploadSchema } from './contract/uploads';
import { fieldIssues } from './contract/blocks';
import { pathOverrideSchema } from './contract/paths';

const section = { title: 'Cells', contentUrl: 'protected/t/cells.pdf', originalFileName: 'cells.pdf' };
const moduleBody = { title: 'Cells', description: 'What cells are made of.', sections: [section] };
const choice = { id: 'q1', kind: 'single', prompt: 'Which?', options: [{ id: 'a', text: 'A' }, { id: 'b', text: 'B' }], answer: ['a'], explanation: 'Because.' };
const typed = { id: 'q2', kind: 'text', prompt: 'Name it', answer: ['cell'] };

/** Sets `value` at a dotted path of a copy of `body`. */
function withValue(body: unknown, path: string, value: string): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
  return copy;
}

const valueAt = (data: unknown, path: string): unknown => path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], data);

/** `suffix`: what a taken value must end with beside this rule (a file name, its type). */
type Field = [field: string, label: string, schema: z.ZodMiniType, body: unknown, multiline: boolean, suffix?: string];

const FIELDS: Field[] = [
  ['title', 'Title', createModuleSchema, moduleBody, false],
  ['description', 'Description', createModuleSchema, moduleBody, true],
  ['sections.0.title', 'Section title', createModuleSchema, moduleBody, false],
  ['sections.0.originalFileName', 'originalFileName', createModuleSchema, moduleBody, false],
  ['title', 'Title', updateModuleSchema, moduleBody, false],
  ['description', 'Description', updateModuleSchema, moduleBody, true],
  ['sections.0.title', 'Section title', updateModuleSchema, moduleBody, false],
  ['fileName', 'fileName', createUploadSchema, { fileName: 'cells.pdf', contentType: 'application/pdf', size: 2048 }, false, '.pdf'],
  ['reason', 'Reason', pathOverrideSchema, { moduleId: 'm1', kind: 'release', sectionId: 's1', reason: 'Ready early.' }, false],
  ['name', 'Name', invitePersonSchema, { email: 'sam@school.example', name: 'Sam', role: 'Students' }, false],
  ['people.0.name', 'Name', invitePeopleSchema, { people: [{ email: 'sam@school.example', name: 'Sam', role: 'Students' }] }, false],
  ['name', 'Name', renamePersonSchema, { name: 'Sam' }, false],
  ['className', 'Class name', createClassSchema, { className: 'Year 9' }, false],
  ['className', 'Class name', renameClassSchema, { className: 'Year 9' }, false],
  ['questions.0.prompt', 'Prompt', checkInputSchema, { questions: [choice, typed] }, true],
  ['questions.0.explanation', 'Explanation', checkInputSchema, { questions: [choice, typed] }, true],
  ['questions.0.options.0.text', 'Option text', checkInputSchema, { questions: [choice, typed] }, false],
  ['questions.1.answer.0', 'Accepted answer', checkInputSchema, { questions: [choice, typed] }, false],
];

const REFUSED: [what: string, value: string, rule: 'control' | 'direction' | 'invisible'][] = [
  ['a NUL', 'Cells\u0000', 'control'],
  ['an ESC (a terminal escape)', '\u001B[31mCells', 'control'],
  ['a BEL', 'Cells\u0007', 'control'],
  ['a DEL', 'Ce\u007Flls', 'control'],
  ['a C1 control', 'Cells\u009B', 'control'],
  ['a line separator', 'Cells\u2028more', 'control'],
  ['a right-to-left override', 'Cells\u202Efdp.exe', 'direction'],
  ['a left-to-right embedding', '\u202ACells', 'direction'],
  ['a right-to-left isolate', 'Cells \u2067x\u2069', 'direction'],
  ['a right-to-left mark', 'Cells\u200F', 'direction'],
  ['only zero-width spaces', '\u200B\u200B', 'invisible'],
  ['only joiners and a word joiner', '\u200C\u200D\u2060', 'invisible'],
  ['only blank braille', '\u2800\u2800\u2800', 'invisible'],
  ['blank braille and spaces', ' \u2800 \u2800 ', 'invisible'],
];

describe.each(FIELDS)('%s (%s)', (field, label, schema, body, multiline, suffix = '') => {
  const messages = readableTextMessages(label, { multiline });

  it.each(REFUSED)('refuses %s, naming the field', (_what, value, rule) => {
    const parsed = schema.safeParse(withValue(body, field, value));
    expect(parsed.success).toBe(false);
    expect(fieldIssues(parsed.error!)[field]).toBe(messages[rule]);
  });

  it(multiline ? 'takes line breaks and tabs' : 'refuses a line break', () => {
    const parsed = schema.safeParse(withValue(body, field, 'Cells\n\tand more'));
    expect(parsed.success).toBe(multiline);
    if (!multiline) expect(fieldIssues(parsed.error!)[field]).toBe(messages.control);
  });

  it('stores the text composed (NFC) and trimmed', () => {
    const parsed = schema.safeParse(withValue(body, field, ` Cafe\u0301${suffix} `));
    expect(parsed.success).toBe(true);
    expect(valueAt(parsed.data, field)).toBe(`Caf\u00E9${suffix}`);
  });

  it('takes other scripts, joiners inside words, emoji and braille that shows', () => {
    const value = `محمد\u200Cرضا Zoë 山田 👩\u200D🔬 \u2801${suffix}`;
    const parsed = schema.safeParse(withValue(body, field, value));
    expect(parsed.success).toBe(true);
    expect(valueAt(parsed.data, field)).toBe(value);
  });
});
