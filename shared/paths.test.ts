// Score bands and section roles: what a teacher may save (ranges, the sections a band names), with the field each
// refusal names, as the check editor and the server both check it.
import type { ZodMiniType } from 'zod/mini';
import { checkInputSchema, checkInputSchemaFor } from './contract/checks';
import { bandHolds } from './paths';
import { createModuleSchema, updateModuleSchema } from './contract/modules';
import { describeIssues, fieldIssues } from './contract/blocks';

function refusal(schema: ZodMiniType, input: unknown): { message: string; fields: Record<string, string> } {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`Expected ${JSON.stringify(input)} to be refused`);
  return { message: describeIssues(result.error), fields: fieldIssues(result.error) };
}

const questions = [{ id: 'q1', kind: 'truefalse', prompt: 'True?', answer: true }];
const THREE_BANDS = [
  { min: 0, max: 50, release: ['review'] },
  { min: 50, max: 80, release: [] },
  { min: 80, max: 100, release: ['extension'], skip: ['reading'] },
];
const context = {
  sectionId: 'check',
  sections: [
    { _id: 'early', role: 'optional' as const },
    { _id: 'check', role: 'core' as const },
    { _id: 'review', role: 'review' as const },
    { _id: 'extension', role: 'extension' as const },
    { _id: 'reading', role: 'optional' as const },
    { _id: 'closing' },
  ],
};

describe('bands on a check', () => {
  it('are optional (absent: the check keeps its own) and take bands covering 0–100 in order', () => {
    expect(checkInputSchema.parse({ questions })).not.toHaveProperty('bands');
    expect(checkInputSchema.parse({ questions, bands: THREE_BANDS }).bands).toEqual(THREE_BANDS);
    expect(checkInputSchema.parse({ questions, bands: [{ min: 0, max: 100, release: [] }] }).bands).toHaveLength(1);
  });

  it.each([
    ['a gap', [{ min: 0, max: 40, release: [] }, { min: 50, max: 100, release: [] }], 'bands.1.min', /must start at 40 %/],
    ['an overlap', [{ min: 0, max: 60, release: [] }, { min: 50, max: 100, release: [] }], 'bands.1.min', /must start at 60 %/],
    ['a first band not at 0', [{ min: 10, max: 100, release: [] }], 'bands.0.min', /first band must start at 0 %/],
    ['a last band not at 100', [{ min: 0, max: 90, release: [] }], 'bands.0.max', /last band must end at 100 %/],
    ['an empty band', [{ min: 0, max: 0, release: [] }, { min: 0, max: 100, release: [] }], 'bands.0.max', /max must be more than min/],
    ['a percent past 100', [{ min: 0, max: 101, release: [] }], 'bands.0.max', /whole percent from 0 to 100/],
    ['a fractional percent', [{ min: 0, max: 49.5, release: [] }, { min: 49.5, max: 100, release: [] }], 'bands.0.max', /whole percent/],
    ['a section id longer than any id', [{ min: 0, max: 100, release: ['x'.repeat(1000)] }], 'bands.0.release.0', /too long/],
    ['a section named twice', [{ min: 0, max: 100, release: ['review', 'review'] }], 'bands.0.release', /names a section twice/],
    ['an unknown field', [{ min: 0, max: 100, release: [], open: [] }], 'bands.0', /.+/],
  ])('refuse %s, naming the field', (_case, bands, field, message) => {
    const { fields } = refusal(checkInputSchema, { questions, bands });
    expect(fields[field]).toMatch(message);
  });

  it('with the module at hand, take review and extension sections to release and later optional ones to skip', () => {
    expect(checkInputSchemaFor(context).parse({ questions, bands: THREE_BANDS }).bands).toEqual(THREE_BANDS);
  });

  it.each([
    ['a core section released', [{ min: 0, max: 100, release: ['closing'] }], 'bands.0.release.0', 'Band 1 can only release review or extension sections of this module.'],
    ['a section of no module released', [{ min: 0, max: 100, release: ['elsewhere'] }], 'bands.0.release.0', /only release review or extension/],
    ['an optional section before the check skipped', [{ min: 0, max: 100, release: [], skip: ['early'] }], 'bands.0.skip.0', 'Band 1 can only skip optional sections after this check.'],
    ['a review section skipped', [{ min: 0, max: 100, release: [], skip: ['review'] }], 'bands.0.skip.0', /only skip optional sections/],
  ])('with the module at hand, refuse %s, naming the field', (_case, bands, field, message) => {
    const { fields } = refusal(checkInputSchemaFor(context), { questions, bands });
    expect(fields[field]).toMatch(message);
  });

  it('hold from min up to, not including, max; the band ending at 100 holds 100', () => {
    const [low, , high] = THREE_BANDS;
    expect([0, 49, 50].map((percent) => bandHolds(low, percent))).toEqual([true, true, false]);
    expect([79, 80, 99, 100].map((percent) => bandHolds(high, percent))).toEqual([false, true, true, true]);
  });
});

describe('roles and order mode on a module', () => {
  const section = { title: 'Intro', contentUrl: 'protected/t/1-intro.pdf' };
  const module = { title: 'Cells', description: 'About cells', sections: [section] };

  it('take a role per section and the order mode; absent means unchanged (update) or core and any order (create)', () => {
    expect(createModuleSchema.parse({ ...module, sequential: true, sections: [{ ...section, role: 'review' }] })).toMatchObject({ sequential: true, sections: [{ role: 'review' }] });
    expect(updateModuleSchema.parse(module)).not.toHaveProperty('sequential');
    expect(updateModuleSchema.parse(module).sections[0]).not.toHaveProperty('role');
  });

  it('refuse an unknown role and a non-boolean order mode, naming the fields', () => {
    const { fields } = refusal(updateModuleSchema, { ...module, sequential: 'yes', sections: [{ ...section, role: 'bonus' }] });
    expect(fields).toEqual({
      sequential: 'sequential must be true (in order) or false (any order).',
      'sections.0.role': 'role must be one of core, review, extension, optional.',
    });
  });
});
