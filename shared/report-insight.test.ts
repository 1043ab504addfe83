import type { ClassReportRow, ReportCell } from './contract/reports';
import { cellStatus, completionsPerDay, engagementDays, hasNotStarted, isStalled, isStruggling, localDay, summarizeReport, utcDay } from './report-insight';

const NOW = new Date(2026, 10, 23, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

const cell = (completed: number, total: number, completedAt: ReportCell['completedAt'] = {}): ReportCell => ({
  moduleId: `m${total}`,
  moduleTitle: 'M',
  percentage: total === 0 ? 0 : Math.round((completed / total) * 100),
  completed,
  total,
  completedAt,
});
const row = (lastActivityAt: string | null, ...modules: ReportCell[]): ClassReportRow => ({
  studentId: `s-${Math.random()}`,
  studentName: 'S',
  lastActivityAt,
  modules,
});

describe('cellStatus', () => {
  it.each([
    [0, 3, 'not-started'],
    [1, 3, 'in-progress'],
    [2, 3, 'in-progress'],
    [3, 3, 'complete'],
    [0, 0, 'not-started'],
  ])('%i of %i sections is %s', (completed, total, status) => {
    expect(cellStatus({ completed, total })).toBe(status);
  });

  it('is struggling for a student who attempted a check without passing, whatever else they did', () => {
    expect(cellStatus({ completed: 0, total: 3, struggling: true })).toBe('struggling');
    expect(cellStatus({ completed: 2, total: 3, struggling: true })).toBe('struggling');
  });
});

describe('hasNotStarted and isStruggling', () => {
  it('counts a failed attempt as a start: the student is struggling, not "not started"', () => {
    const attempted = row(null, { ...cell(0, 3), struggling: true });
    expect(hasNotStarted(attempted)).toBe(false);
    expect(isStruggling(attempted)).toBe(true);
    expect(isStruggling(row(null, cell(1, 3)))).toBe(false);
  });
});

describe('isStalled', () => {
  const started = (days: number) => row(daysAgo(days), cell(1, 3));

  it('is stalled at exactly N days without a completion, not a moment before', () => {
    expect(isStalled(started(7), NOW, 7)).toBe(true);
    expect(isStalled(row(new Date(NOW.getTime() - 7 * DAY + 1).toISOString(), cell(1, 3)), NOW, 7)).toBe(false);
    expect(isStalled(started(3), NOW, 3)).toBe(true);
    expect(isStalled(started(2), NOW, 3)).toBe(false);
  });

  it('defaults to 7 days', () => {
    expect(isStalled(started(7), NOW)).toBe(true);
    expect(isStalled(started(6), NOW)).toBe(false);
  });

  it('never counts a student who has not started or has finished', () => {
    expect(isStalled(row(null, cell(0, 3)), NOW, 7)).toBe(false);
    expect(isStalled(row(daysAgo(30), cell(3, 3)), NOW, 7)).toBe(false);
  });
});

describe('summarizeReport', () => {
  it('averages every cell and counts not started, stalled and complete students', () => {
    const rows = [
      row(null, cell(0, 2), cell(0, 4)),
      row(daysAgo(10), cell(1, 2), cell(0, 4)),
      row(daysAgo(1), cell(2, 2), cell(2, 4)),
      row(daysAgo(20), cell(2, 2), cell(4, 4)),
    ];
    expect(summarizeReport(rows, NOW, 7)).toEqual({ students: 4, averageCompletion: 50, notStarted: 1, stalled: 1, complete: 1 });
    expect(summarizeReport(rows, NOW, 14).stalled).toBe(0);
  });

  it('has no average without cells', () => {
    expect(summarizeReport([], NOW)).toEqual({ students: 0, averageCompletion: null, notStarted: 0, stalled: 0, complete: 0 });
  });
});

describe('engagementDays', () => {
  it('is the 7 UTC days ending today, whatever the time of day', () => {
    const days = engagementDays(new Date('2026-03-01T23:59:59.999Z'));
    expect(days).toEqual(['2026-02-23', '2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01']);
    expect(engagementDays(new Date('2026-03-01T00:00:00.000Z')).at(-1)).toBe('2026-03-01');
    expect(utcDay('2026-03-01T00:30:00.000+02:00')).toBe('2026-02-28');
  });
});

describe('completionsPerDay', () => {
  it('counts timed completions per local day over the last 30 days, oldest first, skipping unknown times', () => {
    const rows = [
      row(null, cell(3, 3, { a: NOW.toISOString(), b: daysAgo(1), c: null })),
      row(null, cell(2, 3, { a: daysAgo(1), b: daysAgo(31) })),
    ];
    const days = completionsPerDay(rows, NOW);
    expect(days).toHaveLength(30);
    expect(days[29]).toEqual({ day: localDay(NOW), completions: 1 });
    expect(days[28]).toEqual({ day: localDay(new Date(NOW.getTime() - DAY)), completions: 2 });
    expect(days[0]!.day).toBe(localDay(new Date(NOW.getTime() - 29 * DAY)));
    expect(days.reduce((sum, each) => sum + each.completions, 0)).toBe(3);
  });
});
