// What a stored file really is, told from its first bytes (magic numbers, and for Office files the zip entries),
// never from its name: a zip renamed .docx or a program renamed .pdf is refused when its upload completes.
import { CONTENT_TYPE_LABELS, contentTypeFromMediaType, ROSTER_PACKAGE_TYPE, type ContentType } from '@shared/content-type';
import type { FileTypeResult } from 'file-type/core';
import type { FileStore } from './port';

/** How much of a file is read to tell its type: an Office file's `[Content_Types].xml` and first parts lie in it. */
const FILE_SAMPLE_BYTES = 64 * 1024;

/** What the detector may answer for each section type; `cfb` is the container of the older .doc and .ppt files. */
const ACCEPTED_DETECTIONS: Record<Exclude<ContentType, 'UNKNOWN'>, readonly string[]> = {
  PDF: ['pdf'],
  PPT: ['pptx', 'cfb'],
  WORD: ['docx', 'cfb'],
};

const DETECTION_NAMES: Record<string, string> = {
  pdf: 'a PDF',
  docx: 'a Word document',
  pptx: 'a PowerPoint presentation',
  cfb: 'an older Office file',
  zip: 'a zip archive',
  exe: 'a Windows program (.exe)',
  elf: 'a program',
  html: 'a web page',
};

const describe = (found: FileTypeResult | undefined) =>
  found ? (DETECTION_NAMES[found.ext] ?? `a .${found.ext} file`) : 'of no type we recognise';

/**
 * Why a file stored as `mediaType` is not what it claims, judged from its first bytes (a sentence part such as
 * "it is not a Word file: its content is a zip archive"), or undefined when its content matches.
 */
export async function contentMismatch(mediaType: string | undefined, firstBytes: Uint8Array): Promise<string | undefined> {
  const expected = contentTypeFromMediaType(mediaType);
  // Loaded on first use: the module routes that bundle this never evaluate the detector unless they save a file.
  const { fileTypeFromBuffer } = await import('file-type/core');
  const found = await fileTypeFromBuffer(firstBytes);
  // A OneRoster package is a plain zip: a Word or PowerPoint file (zips too) renamed .zip is not one.
  if (mediaType === ROSTER_PACKAGE_TYPE.mediaType) {
    return found?.ext === 'zip' ? undefined : `it is not a zip archive (a OneRoster package): its content is ${describe(found)}`;
  }
  if (expected !== 'UNKNOWN' && found && ACCEPTED_DETECTIONS[expected].includes(found.ext)) return undefined;
  const claimed = expected === 'UNKNOWN' ? 'a PDF, PowerPoint or Word file' : `a ${CONTENT_TYPE_LABELS[expected]} file`;
  return `it is not ${claimed}: its content is ${describe(found)}`;
}

/** contentMismatch of a stored file, read from storage (a missing file is not this check's to report). */
export async function storedFileMismatch(files: Pick<FileStore, 'readFileStart'>, key: string, mediaType: string | undefined) {
  const firstBytes = await files.readFileStart(key, FILE_SAMPLE_BYTES);
  return firstBytes && contentMismatch(mediaType, firstBytes);
}
