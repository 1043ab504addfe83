// What the reader shows instead of a rendering: the file's name, type and size and a way to download it. Never a
// blank area: for a type the app cannot show, and for a file a renderer failed on.
import type { Section } from '@shared/entities';
import { FileTypeIcon, fileTypeLabel, formatFileSize } from './file-facts';

export function FileFallback({ section, downloadUrl, reason }: { section: Section; downloadUrl?: string; reason: 'unsupported' | 'failed' }) {
  return (
    <div className="card file-fallback" role="region" aria-label="File details">
      <FileTypeIcon type={section.contentType} />
      <div>
        <p className="file-fallback-message">
          {reason === 'unsupported'
            ? 'This type of file cannot be shown in the app. Download it to open it on your device.'
            : 'This file could not be shown here. Download it to open it on your device.'}
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
