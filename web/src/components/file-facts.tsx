// What a student sees of a section's file before opening it: a type icon, the type in words, the original name and size.
import { CONTENT_TYPE_LABELS, type ContentType } from '@shared/content-type';
import type { Section } from '@shared/contract/modules';
import './file-facts.css';

const TYPE_MARK: Record<ContentType, string> = { PDF: 'PDF', WORD: 'W', PPT: 'P', UNKNOWN: '?' };

export const fileTypeLabel = (type: ContentType): string => CONTENT_TYPE_LABELS[type];

/** 1 decimal under 10 of a unit, whole numbers above: "840 B", "1.7 kB", "9.7 MB". */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}

/** A coloured badge standing for the file type; the text next to it names the type for assistive technology. */
export function FileTypeIcon({ type }: { type: ContentType }) {
  return (
    <span className={`file-type-icon file-type-${type.toLowerCase()}`} aria-hidden="true">
      {TYPE_MARK[type]}
    </span>
  );
}

/** "PDF · cells-reading.pdf · 1.8 kB" with the type icon in front. */
export function FileFacts({ section }: { section: Section }) {
  const parts = [fileTypeLabel(section.contentType), section.originalFileName, section.size === undefined ? '' : formatFileSize(section.size)];
  return (
    <span className="file-facts">
      <FileTypeIcon type={section.contentType} />
      <span className="file-facts-text">{parts.filter(Boolean).join(' · ')}</span>
    </span>
  );
}
