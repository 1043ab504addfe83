// "Updated x seconds ago" and Refresh: how old the report on screen is, and a way to get a fresh one.
import { useEffect, useState } from 'react';

/** The current time, moving every `everyMs` so relative times stay true. */
export function useNow(everyMs = 5_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function updatedAgo(updatedAt: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - updatedAt) / 1000));
  if (seconds < 5) return 'Updated just now';
  if (seconds < 60) return `Updated ${seconds} seconds ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `Updated ${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  return `Updated ${hours} hour${hours === 1 ? '' : 's'} ago`;
}

interface ReportFreshnessProps {
  updatedAt: number;
  fetching: boolean;
  onRefresh: () => void;
}

export function ReportFreshness({ updatedAt, fetching, onRefresh }: ReportFreshnessProps) {
  const now = useNow();
  return (
    <div className="report-freshness">
      <span className="muted" role="status">
        {fetching ? 'Updating…' : updatedAt ? updatedAgo(updatedAt, now.getTime()) : ''}
      </span>
      <button type="button" className="button button-secondary" onClick={onRefresh} disabled={fetching}>
        Refresh
      </button>
    </div>
  );
}
