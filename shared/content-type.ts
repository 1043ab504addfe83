// What a section's file is, as the specification names it, and the files a section may hold.
import { UPLOAD_LIMITS } from './constants';

export const CONTENT_TYPES = ['PDF', 'PPT', 'WORD', 'UNKNOWN'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Derives a section's content type from a file's media type, as the specification describes. */
export function contentTypeFromMediaType(mediaType: string | undefined): ContentType {
  const type = (mediaType ?? '').toLowerCase();
  if (type.includes('pdf')) return 'PDF';
  if (type.includes('presentation') || type.includes('powerpoint')) return 'PPT';
  // Spreadsheets' media types also contain "document" (officedocument.spreadsheetml); they are not Word files.
  if ((type.includes('document') && !type.includes('spreadsheet')) || type.includes('msword')) return 'WORD';
  return 'UNKNOWN';
}

/** The files a section may hold: PDF, PowerPoint and Word, by extension, with the media type each is stored as. */
export const SECTION_FILE_TYPES = [
  { extension: 'pdf', mediaType: 'application/pdf' },
  { extension: 'ppt', mediaType: 'application/vnd.ms-powerpoint' },
  { extension: 'pptx', mediaType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  { extension: 'doc', mediaType: 'application/msword' },
  { extension: 'docx', mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
] as const;

/** The file chooser's `accept` list: extensions (for systems that know no media type) and media types. */
export const SECTION_FILE_ACCEPT = SECTION_FILE_TYPES.flatMap(({ extension, mediaType }) => [`.${extension}`, mediaType]).join(',');

/**
 * What an admin uploads: a OneRoster package (a zip) exported from the school's information system. Windows browsers
 * declare zips as application/x-zip-compressed; every zip is stored as application/zip.
 */
export const ROSTER_PACKAGE_TYPE = { extension: 'zip', mediaType: 'application/zip' } as const;
const ZIP_MEDIA_TYPES = new Set(['application/zip', 'application/x-zip-compressed', 'application/x-zip']);

export const ADMIN_FILE_TYPES_MESSAGE = 'Admins upload a OneRoster package here: the .zip file your information system exported.';

export const ROSTER_PACKAGE_TOO_LARGE_MESSAGE =
  `The package is larger than ${UPLOAD_LIMITS.rosterPackageMaxBytes / (1024 * 1024)} MB; a OneRoster export is far smaller. Export it again from your information system.`;

export const ALLOWED_FILE_TYPES_MESSAGE = 'Only PDF, PowerPoint (.ppt, .pptx) and Word (.doc, .docx) files can be added.';

/** What a person calls each content type. */
export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  PDF: 'PDF',
  PPT: 'PowerPoint',
  WORD: 'Word',
  UNKNOWN: 'Other file',
};

const GENERIC_MEDIA_TYPES = new Set(['', 'application/octet-stream']);

/**
 * The media type to store a section file as, or undefined when the file is not one a section may hold. The extension
 * decides; a specific media type sent with it must be of the same kind (a .pdf declared as text/html is refused), and
 * an empty or generic one (browsers send '' when they do not know the type) becomes the extension's.
 */
export function sectionFileMediaType(fileName: string, mediaType: string | undefined): string | undefined {
  const extension = /\.([^.]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  const known = SECTION_FILE_TYPES.find((type) => type.extension === extension);
  if (!known) return undefined;
  const declared = (mediaType ?? '').trim().toLowerCase();
  if (GENERIC_MEDIA_TYPES.has(declared)) return known.mediaType;
  return contentTypeFromMediaType(declared) === contentTypeFromMediaType(known.mediaType) ? declared : undefined;
}

/** application/zip for a .zip declared as a zip (or of no known type), else undefined. */
export function rosterPackageMediaType(fileName: string, mediaType: string | undefined): string | undefined {
  const extension = /\.([^.]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  const declared = (mediaType ?? '').trim().toLowerCase();
  const zip = extension === ROSTER_PACKAGE_TYPE.extension && (GENERIC_MEDIA_TYPES.has(declared) || ZIP_MEDIA_TYPES.has(declared));
  return zip ? ROSTER_PACKAGE_TYPE.mediaType : undefined;
}

/** What an uploaded file is stored as (a section's file, or a OneRoster package), hence what its PUT declares. */
export const uploadMediaType = (fileName: string, mediaType: string | undefined) =>
  sectionFileMediaType(fileName, mediaType) ?? rosterPackageMediaType(fileName, mediaType);
