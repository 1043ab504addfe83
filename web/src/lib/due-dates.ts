// Due dates: a teacher enters one as a date and time in the school's time zone; everyone reads it in their own, with
// the zone named ("Due Fri 5 Dec, 17:00 (GMT+1)"). The Intl formatters are built on first use, so a page without due
// dates builds none (the first one loads locale data: see dates.ts).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'shown' | 'numeric', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone ?? ''}`;
  let built = formatters.get(key);
  if (!built) {
    built = new Intl.DateTimeFormat(
      'en-GB',
      kind === 'shown'
        ? { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'shortOffset', timeZone }
        : { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone },
    );
    formatters.set(key, built);
  }
  return built;
}

function partsOf(kind: 'shown' | 'numeric', date: Date, timeZone: string | undefined): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  return Object.fromEntries(formatter(kind, timeZone).formatToParts(date).map((part) => [part.type, part.value]));
}

/** "Fri 5 Dec, 17:00 (GMT+1)" in `timeZone`, by default the reader's own. */
export function formatDueTime(dueAt: string, timeZone?: string): string {
  const { weekday, day, month, hour, minute, timeZoneName } = partsOf('shown', new Date(dueAt), timeZone);
  return `${weekday} ${day} ${month}, ${hour}:${minute} (${timeZoneName})`;
}

/** "Due Fri 5 Dec, 17:00 (GMT+1)", in the reader's zone. */
export const dueText = (dueAt: string, timeZone?: string): string => `Due ${formatDueTime(dueAt, timeZone)}`;

/** The zone's offset at `at` as people read it ("GMT+1", "GMT+0"). */
export function zoneOffsetName(timeZone: string, at = new Date()): string {
  return partsOf('shown', at, timeZone).timeZoneName ?? timeZone;
}

/** How far the zone's wall clock is ahead of UTC at the instant `epochMs`. */
function offsetMs(epochMs: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = partsOf('numeric', new Date(epochMs), timeZone);
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  return wall - Math.floor(epochMs / 1000) * 1000;
}

/**
 * The instant (UTC ISO) that a wall-clock time names in `timeZone`: the value of a datetime-local input,
 * "2026-12-05T17:00". The zone's offset is read at the guess, then again at the instant it gives, so a time next to a
 * daylight-saving change still lands on the offset in force then.
 */
export function instantOf(localDateTime: string, timeZone: string): string {
  const [date = '', time = ''] = localDateTime.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  const guess = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(guess, timeZone)).toISOString();
}

/** The wall-clock time (a datetime-local value, "2026-12-05T17:00") that an instant is in `timeZone`: instantOf's inverse. */
export function wallClockOf(instant: string, timeZone: string): string {
  const { year, month, day, hour, minute } = partsOf('numeric', new Date(instant), timeZone);
  return `${year}-${month}-${day}T${hour}:${minute}`;
}

/** Past its due date and not complete. */
export const isOverdue = (dueAt: string | undefined, complete: boolean, now = Date.now()): boolean =>
  dueAt !== undefined && !complete && Date.parse(dueAt) < now;

/** For a stable sort: the earliest due first, undated last (keeping their order). */
export function byDueDate(a: { dueAt?: string }, b: { dueAt?: string }): number {
  if (a.dueAt === b.dueAt) return 0;
  if (a.dueAt === undefined) return 1;
  if (b.dueAt === undefined) return -1;
  return Date.parse(a.dueAt) - Date.parse(b.dueAt);
}
