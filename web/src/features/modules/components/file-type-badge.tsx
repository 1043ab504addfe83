// A section's file type as people call it ("PDF", "PowerPoint", "Word") with a matching icon.
import { CONTENT_TYPE_LABELS } from '../../../../../shared/content-type';
import type { ContentType } from '../../../../../shared/entities';

export function FileTypeBadge({ contentType }: { contentType: ContentType }) {
  return (
    <span className={`file-type file-type-${contentType.toLowerCase()}`}>
      <svg aria-hidden="true" width="16" height="18" viewBox="0 0 16 18" className="file-type-icon">
        <path d="M2 1h8l4 4v12H2z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        <path d="M10 1v4h4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        <rect x="4" y="9" width="8" height="5" rx="1" fill="currentColor" />
      </svg>
      {CONTENT_TYPE_LABELS[contentType]}
    </span>
  );
}
