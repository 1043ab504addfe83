import { formatShortDate } from '@web/lib/dates';

/** "Updated Mar 4, 2026" (lib/dates.ts) with a machine-readable date. */
export function UpdatedDate({ iso }: { iso: string }) {
  const date = new Date(iso);
  const text = Number.isNaN(date.getTime()) ? 'unknown' : formatShortDate(date);
  return (
    <span className="updated-date">
      Updated <time dateTime={iso}>{text}</time>
    </span>
  );
}
