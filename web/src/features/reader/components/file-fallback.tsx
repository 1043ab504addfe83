// What the reader shows instead of a rendering: the file's name, type and size and a way to download it. Never a
// blank area: for a type the app cannot show, a file too large to render, and a file a renderer failed on.
import type { Section } from '@shared/contract/modules';
import { FileTypeIcon, fileTypeLabel, formatFileSize } from '@web/components/file-facts';

const REASONS = {
  unsupported: 'This type of file cannot be shown in the app. Download it to open it on your device.',
  // Beyond the limits of shared/office-limits.ts: rendering it would freeze the tab.
  'too-large': 'This file is too large to show here. Download it to open it on your device.',
  failed: 'This file could not be shown here. Download it to open it on your device.',
};

export function FileFallback({ section, downloadUrl, reason }: { section: Section; downloadUrl?: string; reason: keyof typeof REASONS }) {
  return (
    <div className="card file-fallback" role="region" aria-label="File details">
      <FileTypeIcon type={section.contentType} />
      <div>
        <p className="file-fallback-message">
          {REASONS[reason]}
        </p>
        <dl className="file-fallback-facts">
          <dt>Name</dt>
          <dd>{section.originalFileName}</dd>
          <dt>Type</dt>
          <dd>{fileTypeLabel(section.contentType)}</dd>
          {section.size !== undefined && (
            <>
              <dt>Size</dt>
              <dd>{formatFileSize(section.size)}</dd>
            </>
          )}
        </dl>
        {downloadUrl && (
          <a className="button" href={downloadUrl} download={section.originalFileName} rel="noopener noreferrer">
            Download
          </a>
        )}
      </div>
    </div>
  );
}
