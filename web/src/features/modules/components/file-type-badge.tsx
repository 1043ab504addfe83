// A section's file type as people call it ("PDF", "PowerPoint", "Word") after the reader's type icon.
import type { ContentType } from '@shared/content-type';
import { fileTypeLabel, FileTypeIcon } from '@web/components/file-facts';

export function FileTypeBadge({ contentType }: { contentType: ContentType }) {
  return (
    <span className="file-type">
      <FileTypeIcon type={contentType} />
      <span>{fileTypeLabel(contentType)}</span>
    </span>
  );
}
