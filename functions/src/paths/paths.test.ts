import type { CheckSummary } from '@shared/contract/checks';
import type { ScoreBand, SectionRole } from '@shared/paths';
import { completionOnPath, computePath, type PathInput, type SectionOnPath } from './paths';

// A module of six sections: an introduction, a check on cell membranes, its review, its extension, an optional
// reading, and a closing core section.
const SECTIONS: [string, string, SectionRole][] = [
  ['intro', 'Introduction', 'core'],
  ['membranes', 'Cell membranes', 'core'],
  ['review', 'Membranes again', 'review'],
  ['extension', 'Ion channels', 'extension'],
  ['reading', 'Further reading', 'optional'],
  ['closing', 'Summary', 'core'],
];
const BANDS: ScoreBand[] = [
  { min: 0, max: 50, release: ['review'] },
  { min: 50, max: 80, release: [] },
  { min: 80, max: 100, release: ['extension'], skip: ['reading'] },
];
const check = (sectionId: string, bands?: ScoreBand[], passMark = 70): CheckSummary => ({
  sectionId,
  version: 1,
  passMark,
  maxAttempts: null,
  questionCount: 3,
  ...(bands && { bands }),
});

interface Case {
  name: string;
  sequential?: boolean;
  roles?: Partial<Record<string, SectionRole>>;
  checks?: CheckSummary[];
  standings?: PathInput['standings'];
  completed?: string[];
  overrides?: PathInput['overrides'];
  expected: Record<string, Partial<SectionOnPath> & Pick<SectionOnPath, 'state'>>;
  counts?: { required: number; completed: number; percentage: number; next: string | null; branch?: string };
}

const pathOf = ({ sequential, roles = {}, checks = [check('membranes', BANDS)], standings = {}, completed = [], overrides }: Case) =>
  computePath({
    module: {
      sequential,
      sections: SECTIONS.map(([_id, title, role], index) => ({
        _id,
        title,
        order: index + 1,
        contentType: 'PDF' as const,
        contentUrl: `protected/t/${_id}.pdf`,
        originalFileName: `${_id}.pdf`,
        role: roles[_id] ?? role,
      })),
    },
    checks,
    standings,
    completedSections: completed,
    overrides,
  });

const ALL_CORE = Object.fromEntries(SECTIONS.map(([id]) => [id, 'core' as const]));

const cases: Case[] = [
  {
    name: 'no rules (all core, any order, no bands): every section open and required, as before paths',
    roles: ALL_CORE,
    checks: [check('membranes')],
    completed: ['intro'],
    expected: {
      intro: { state: 'complete', required: true },
      membranes: { state: 'open', required: true, accessible: true },
      review: { state: 'open' },
      closing: { state: 'open', accessible: true },
    },
    counts: { required: 6, completed: 1, percentage: 17, next: 'membranes', branch: 'core' },
  },
  {
    name: 'review and extension sections stay shut before the check, saying the score decides; optional is open, not required',
    expected: {
      review: { state: 'locked', accessible: false, required: false, reason: 'Score below 50\u00a0% on the check in “Cell membranes” to open this, or your teacher can open it for you.' },
      extension: { state: 'locked', accessible: false, required: false },
      reading: { state: 'open', accessible: true, required: false },
    },
    counts: { required: 3, completed: 0, percentage: 0, next: 'intro', branch: 'core' },
  },
  {
    name: 'a low score releases the review section with why, and it counts; the extension can still be earned',
    standings: { membranes: { bestPercent: 45, passed: false } },
    completed: ['intro'],
    expected: {
      review: { state: 'open', accessible: true, required: true, reason: 'Because you scored 45\u00a0% on “Cell membranes”, review this first.' },
      extension: { state: 'locked', reason: 'Score 80\u00a0% or more on the check in “Cell membranes” to open this, or your teacher can open it for you.' },
      membranes: { state: 'open', required: true },
    },
    counts: { required: 4, completed: 1, percentage: 25, next: 'membranes', branch: 'review' },
  },
  {
    name: 'in order: the attempted check counts as done once its band released the review, which opens at once and blocks the next core section',
    sequential: true,
    standings: { membranes: { bestPercent: 45, passed: false } },
    completed: ['intro'],
    expected: {
      membranes: { state: 'open' },
      review: { state: 'open', accessible: true },
      reading: { state: 'locked', reason: 'Complete “Membranes again” to open this, or your teacher can open it for you.' },
      closing: { state: 'locked', accessible: false, reason: 'Complete “Membranes again” to open this, or your teacher can open it for you.' },
    },
    counts: { required: 4, completed: 1, percentage: 25, next: 'membranes', branch: 'review' },
  },
  {
    name: 'in order: once the review is complete the next core section opens, though the check is not passed',
    sequential: true,
    standings: { membranes: { bestPercent: 45, passed: false } },
    completed: ['intro', 'review'],
    expected: { closing: { state: 'open', accessible: true } },
    counts: { required: 4, completed: 2, percentage: 50, next: 'membranes' },
  },
  {
    name: 'in order: a section locks until the previous required one is complete; optional sections never block',
    sequential: true,
    checks: [],
    roles: { review: 'core', extension: 'core' },
    completed: [],
    expected: {
      intro: { state: 'open' },
      membranes: { state: 'locked', reason: 'Complete “Introduction” to open this, or your teacher can open it for you.' },
      extension: { state: 'locked', reason: 'Complete “Membranes again” to open this, or your teacher can open it for you.' },
      reading: { state: 'locked', reason: 'Complete “Ion channels” to open this, or your teacher can open it for you.' },
      closing: { state: 'locked', reason: 'Complete “Ion channels” to open this, or your teacher can open it for you.' },
    },
    counts: { required: 5, completed: 0, percentage: 0, next: 'intro' },
  },
  {
    name: 'in order: a check failed whose band releases nothing keeps the next section locked until it is passed',
    sequential: true,
    standings: { membranes: { bestPercent: 60, passed: false } },
    completed: ['intro'],
    expected: {
      review: { state: 'skipped', accessible: false, required: false, reason: 'Because you scored 60\u00a0% on “Cell membranes”, you can skip this.' },
      closing: { state: 'locked', reason: 'Pass the check in “Cell membranes” to open this, or your teacher can open it for you.' },
    },
    counts: { required: 3, completed: 1, percentage: 33, next: 'membranes', branch: 'core' },
  },
  {
    name: 'a high score passes, skips the review (tested out, not behind), releases the extension and skips the later optional reading',
    sequential: true,
    standings: { membranes: { bestPercent: 90, passed: true } },
    completed: ['intro', 'membranes'],
    expected: {
      review: { state: 'skipped', accessible: false, required: false, reason: 'Because you scored 90\u00a0% on “Cell membranes”, you can skip this.' },
      extension: { state: 'open', accessible: true, required: true, reason: 'Because you scored 90\u00a0% on “Cell membranes”, this extension is open to you.' },
      reading: { state: 'skipped', accessible: true, required: false, reason: 'Because you scored 90\u00a0% on “Cell membranes”, you can skip this.' },
      closing: { state: 'locked', reason: 'Complete “Ion channels” to open this, or your teacher can open it for you.' },
    },
    counts: { required: 4, completed: 2, percentage: 50, next: 'extension', branch: 'extension' },
  },
  {
    name: '100 % falls in the band ending at 100',
    standings: { membranes: { bestPercent: 100, passed: true } },
    completed: ['membranes'],
    expected: { extension: { state: 'open' }, reading: { state: 'skipped' } },
  },
  {
    name: 'completed work is never undone: a review done before the best rose stays complete and counted',
    standings: { membranes: { bestPercent: 85, passed: true } },
    completed: ['intro', 'review', 'membranes'],
    expected: { review: { state: 'complete', required: true, accessible: true } },
    counts: { required: 5, completed: 3, percentage: 60, next: 'extension', branch: 'review' },
  },
  {
    name: 'a review or extension section no band releases waits for the teacher',
    checks: [check('membranes')],
    expected: { review: { state: 'locked', reason: 'Your teacher opens this section for you when you need it.' } },
  },
  {
    name: 'bands naming core, missing or earlier sections (rules changed since) release and skip nothing',
    standings: { membranes: { bestPercent: 10, passed: false } },
    checks: [check('membranes', [{ min: 0, max: 100, release: ['closing', 'gone'], skip: ['intro', 'gone'] }])],
    expected: { closing: { state: 'open', required: true }, intro: { state: 'open', required: true } },
  },
  {
    name: 'a lock names every way the section opens: each band of each check that releases it, and the teacher',
    roles: { intro: 'core' },
    checks: [
      check('intro', [
        { min: 0, max: 40, release: ['review'] },
        { min: 40, max: 100, release: [] },
      ]),
      check('membranes', BANDS),
    ],
    expected: {
      review: {
        state: 'locked',
        reason: 'Score below 40\u00a0% on the check in “Introduction” or score below 50\u00a0% on the check in “Cell membranes” to open this, or your teacher can open it for you.',
      },
    },
  },
  {
    name: 'in order: a failed check names passing it, the score that releases a review (the way on) and the teacher',
    sequential: true,
    completed: ['intro'],
    checks: [check('membranes', [{ min: 0, max: 30, release: ['review'] }, { min: 30, max: 100, release: [] }])],
    standings: { membranes: { bestPercent: 45, passed: false } },
    expected: { closing: { state: 'locked', reason: 'Pass the check in “Cell membranes” to open this, or your teacher can open it for you.' } },
  },
  {
    name: 'in order: before any attempt the lock behind a check names each releasing band below the pass mark',
    sequential: true,
    completed: ['intro'],
    expected: {
      closing: { state: 'locked', reason: 'Pass the check in “Cell membranes” or score below 50\u00a0% on it to open this, or your teacher can open it for you.' },
    },
  },
  {
    name: "a check on a removed section is ignored",
    checks: [check('gone', [{ min: 0, max: 100, release: ['review'] }])],
    standings: { gone: { bestPercent: 10, passed: false } },
    expected: { review: { state: 'locked' } },
  },
  {
    name: "a teacher's overrides: a released section opens whatever the rules and order; an excused one is not required",
    sequential: true,
    overrides: { released: [{ sectionId: 'closing', reason: 'Catch up.' }], excused: [{ sectionId: 'membranes', reason: 'Ill that week.' }] },
    expected: {
      membranes: { state: 'excused', required: false, accessible: true, reason: 'Your teacher excused you from this: Ill that week.' },
      closing: { state: 'open', reason: 'Your teacher opened this for you: Catch up.', accessible: true },
      intro: { state: 'open', reason: undefined },
    },
    counts: { required: 2, completed: 0, percentage: 0, next: 'intro' },
  },
  {
    name: 'an override releases a review section with the teacher’s reason, as extra: it counts once completed',
    overrides: { released: [{ sectionId: 'review', reason: 'Extra practice.' }] },
    expected: { review: { state: 'open', required: false, reason: 'Your teacher opened this for you: Extra practice.' } },
    counts: { required: 3, completed: 0, percentage: 0, next: 'intro', branch: 'review' },
  },
  {
    name: 'a release never closes anything: in order, releasing the extension keeps the open closing section open and the progress as it was',
    sequential: true,
    standings: { membranes: { bestPercent: 60, passed: true } },
    completed: ['intro', 'membranes'],
    overrides: { released: [{ sectionId: 'extension', reason: 'Ready for more.' }] },
    expected: {
      extension: { state: 'open', accessible: true, required: false, reason: 'Your teacher opened this for you: Ready for more.' },
      closing: { state: 'open', accessible: true, required: true },
    },
    counts: { required: 3, completed: 2, percentage: 67, next: 'closing', branch: 'extension' },
  },
  {
    name: 'a teacher-released section completed counts like the rest',
    sequential: true,
    standings: { membranes: { bestPercent: 60, passed: true } },
    completed: ['intro', 'membranes', 'extension'],
    overrides: { released: [{ sectionId: 'extension', reason: 'Ready for more.' }] },
    expected: { extension: { state: 'complete', required: true }, closing: { state: 'open' } },
    counts: { required: 4, completed: 3, percentage: 75, next: 'closing', branch: 'extension' },
  },
];

describe('computePath', () => {
  it.each(cases)('$name', (testCase) => {
    const path = pathOf(testCase);
    const byId = Object.fromEntries(path.sections.map((section) => [section.sectionId, section]));
    for (const [sectionId, expected] of Object.entries(testCase.expected)) {
      const { reason, ...rest } = expected;
      expect({ ...byId[sectionId], sectionId }).toMatchObject({ sectionId, ...rest, ...(reason !== undefined && { reason }) });
      if ('reason' in expected && reason === undefined) expect(byId[sectionId]).not.toHaveProperty('reason');
    }
    if (testCase.counts) {
      const { required, completed, percentage, next, branch } = testCase.counts;
      expect(path).toMatchObject({ requiredCount: required, completedRequiredCount: completed, percentage, nextSectionId: next, ...(branch && { branch }) });
    }
  });

  it('keeps the module order whatever order the sections are stored in, and answers null when nothing is left', () => {
    const path = computePath({
      module: { sections: [SECTIONS[1], SECTIONS[0]].map(([_id, title], index) => ({ _id, title, order: 2 - index, contentType: 'PDF' as const, contentUrl: 'k', originalFileName: 'f' })) },
      checks: [],
      standings: {},
      completedSections: ['intro', 'membranes'],
    });
    expect(path.sections.map((section) => section.sectionId)).toEqual(['intro', 'membranes']);
    expect(path).toMatchObject({ percentage: 100, nextSectionId: null });
  });
});

describe('completionOnPath: finishesModule', () => {
  const module = {
    sections: SECTIONS.map(([_id, title, role], index) => ({ _id, title, order: index + 1, contentType: 'PDF' as const, contentUrl: 'k', originalFileName: 'f', role })),
  };
  const checks = [check('membranes', BANDS)];
  // 65 %: passed nothing released, so the path is intro, membranes, closing.
  const standings = { membranes: { bestPercent: 65, passed: false } };
  const finishes = (completed: string[], sectionId: string, overrides?: { excused: { sectionId: string; reason: string }[] }) =>
    completionOnPath(module, checks, { completedSections: completed }, sectionId, standings, overrides && {
      overrides: overrides.excused.map((entry) => ({ kind: 'excuse' as const, at: '2024-05-01T00:00:00.000Z', teacherName: 'Ms Rivera', ...entry })),
    }).finishesModule;

  it('is true for the last required section on the path, and only for it', () => {
    expect(finishes(['intro', 'membranes'], 'closing')).toBe(true);
    expect(finishes(['intro'], 'closing')).toBe(false);
  });

  it('is false for a section beyond a path already finished (an optional reading), or one already complete', () => {
    expect(finishes(['intro', 'membranes', 'closing'], 'reading')).toBe(false);
    expect(finishes(['intro', 'membranes', 'closing'], 'closing')).toBe(false);
  });

  it('counts what the student is excused from as not required', () => {
    expect(finishes(['intro'], 'closing', { excused: [{ sectionId: 'membranes', reason: 'Absent.' }] })).toBe(true);
  });
});
