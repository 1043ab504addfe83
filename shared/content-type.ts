import type { ContentType } from './entities';

/** Derives a section's content type from a file's media type, as the specification describes. */
export function contentTypeFromMediaType(mediaType: string | undefined): ContentType {
  const type = (mediaType ?? '').toLowerCase();
  if (type.includes('pdf')) return 'PDF';
  if (type.includes('presentation') || type.includes('powerpoint')) return 'PPT';
  // Spreadsheets' media types also contain "document" (officedocument.spreadsheetml); they are not Word files.
  if ((type.includes('document') && !type.includes('spreadsheet')) || type.includes('msword')) return 'WORD';
  return 'UNKNOWN';
}
