/** "Updated Mar 4, 2026" with a machine-readable date. */
export function UpdatedDate({ iso }: { iso: string }) {
  const date = new Date(iso);
  const text = Number.isNaN(date.getTime())
    ? 'unknown'
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
  return (
    <span className="updated-date">
      Updated <time dateTime={iso}>{text}</time>
    </span>
  );
}
