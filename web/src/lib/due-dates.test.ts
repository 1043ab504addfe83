// Due dates read in the reader's zone with the zone named, entered in the school's zone, ordered and marked overdue.
import { byDueDate, dueText, instantOf, isOverdue, wallClockOf, zoneOffsetName } from './due-dates';

describe('dueText', () => {
  it('names the day, the time and the zone, in the zone asked for', () => {
    expect(dueText('2026-12-05T16:00:00.000Z', 'Europe/Paris')).toBe('Due Sat 5 Dec, 17:00 (GMT+1)');
    expect(dueText('2026-12-05T16:00:00.000Z', 'Europe/London')).toBe('Due Sat 5 Dec, 16:00 (GMT+0)');
    expect(dueText('2026-12-05T16:00:00.000Z', 'America/New_York')).toBe('Due Sat 5 Dec, 11:00 (GMT-5)');
  });
});

describe('instantOf', () => {
  it('reads a datetime-local value as a time in the given zone', () => {
    expect(instantOf('2026-12-05T17:00', 'Europe/Paris')).toBe('2026-12-05T16:00:00.000Z');
    expect(instantOf('2026-07-01T09:30', 'Europe/London')).toBe('2026-07-01T08:30:00.000Z');
    expect(instantOf('2026-12-05T17:00', 'Asia/Kolkata')).toBe('2026-12-05T11:30:00.000Z');
  });

  it('uses the offset in force at that time, on either side of a daylight-saving change', () => {
    // Europe/London moves to GMT+1 at 01:00 UTC on 29 March 2026.
    expect(instantOf('2026-03-29T00:30', 'Europe/London')).toBe('2026-03-29T00:30:00.000Z');
    expect(instantOf('2026-03-29T03:00', 'Europe/London')).toBe('2026-03-29T02:00:00.000Z');
  });
});

it('wallClockOf gives back the time instantOf read', () => {
  expect(wallClockOf('2026-12-05T16:00:00.000Z', 'Europe/Paris')).toBe('2026-12-05T17:00');
  expect(wallClockOf(instantOf('2026-07-01T09:05', 'America/New_York'), 'America/New_York')).toBe('2026-07-01T09:05');
});

it('zoneOffsetName names the offset people read', () => {
  expect(zoneOffsetName('Europe/Paris', new Date('2026-07-01T00:00:00Z'))).toBe('GMT+2');
});

it('isOverdue: past due and not complete', () => {
  const now = Date.parse('2026-12-06T00:00:00Z');
  expect(isOverdue('2026-12-05T16:00:00Z', false, now)).toBe(true);
  expect(isOverdue('2026-12-05T16:00:00Z', true, now)).toBe(false);
  expect(isOverdue('2026-12-07T16:00:00Z', false, now)).toBe(false);
  expect(isOverdue(undefined, false, now)).toBe(false);
});

it('byDueDate puts the earliest first and undated last, in their order', () => {
  const modules = [{ id: 'a' }, { id: 'b', dueAt: '2026-12-09T00:00:00Z' }, { id: 'c' }, { id: 'd', dueAt: '2026-12-01T00:00:00Z' }];
  expect([...modules].sort(byDueDate).map((each) => each.id)).toEqual(['d', 'b', 'a', 'c']);
});
