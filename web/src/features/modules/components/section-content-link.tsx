import type { Section } from '../../../../../shared/entities';

/** View Content: the section's signed download link, in a new tab. */
export function SectionContentLink({ section }: { section: Section }) {
  if (!section.downloadUrl) return <span className="muted">Content unavailable</span>;
  return (
    <a
      className="button button-secondary"
      href={section.downloadUrl}
      target="_blank"
      rel="noopener noreferrer"
      title="Opens in a new tab"
    >
      View Content
      <span aria-hidden="true">↗</span>
    </a>
  );
}
