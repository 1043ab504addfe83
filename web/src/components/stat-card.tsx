import type { ReactNode } from 'react';
import './stat-card.css';

interface StatCardProps {
  label: string;
  /** Undefined while loading. */
  value: ReactNode | undefined;
  hint?: string;
}

export function StatCard({ label, value, hint }: StatCardProps) {
  return (
    <div className="card stat-card">
      <dt className="stat-label">{label}</dt>
      <dd className="stat-value">{value ?? <span className="muted">…</span>}</dd>
      {hint && <dd className="stat-hint muted">{hint}</dd>}
    </div>
  );
}
