import type { ReactNode } from 'react';
import '../pages.css';

/** The frame of the short public pages: one h1, a lead paragraph, then the page's own content. */
export function InfoPage({ title, lead, children }: { title: string; lead: ReactNode; children?: ReactNode }) {
  return (
    <div className="page info-page">
      <h1>{title}</h1>
      <p className="info-lead">{lead}</p>
      {children}
    </div>
  );
}
