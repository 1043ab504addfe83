// Text extraction: the words of a section's file, page by page, with well-kept libraries (PDF: pdf.js through unpdf;
// Word: mammoth; PowerPoint: JSZip and fast-xml-parser over the slide and notes parts). Pure functions of the file's
// bytes and the limits (shared/section-text.ts); storing the result is the caller's. Every outcome is a value: a
// damaged, protected or hostile file is marked, never thrown.
import { inspectOfficeZip, OFFICE_FILE_LIMITS, type OfficeFileLimits } from '@shared/office-limits';
import { EXTRACTION_LIMITS, type SectionTextStatus, type ExtractionLimits } from '@shared/section-text';
import type { TextPage } from '@shared/contract/search';
import { XMLParser } from 'fast-xml-parser';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { definePDFJSModule, getDocumentProxy } from 'unpdf';

export type ExtractedStatus = Exclude<SectionTextStatus, 'pending'>;

export interface ExtractedText {
  status: ExtractedStatus;
  pages: TextPage[];
  /** Why the text is not ready, for the operators' log (never shown to students). */
  detail?: string;
}

export type FileKind = 'pdf' | 'docx' | 'pptx' | 'legacy-office' | 'unknown';

/** The kind of a stored file, from its key's extension (the upload kept the original name's). */
export function fileKindOf(key: string): FileKind {
  const extension = /\.([^./]+)$/.exec(key)?.[1]?.toLowerCase();
  if (extension === 'pdf' || extension === 'docx' || extension === 'pptx') return extension;
  if (extension === 'doc' || extension === 'ppt') return 'legacy-office';
  return 'unknown';
}

export interface ExtractionOptions {
  limits?: ExtractionLimits;
  officeLimits?: OfficeFileLimits;
  now?: () => number;
}

export async function extractText(bytes: Uint8Array, kind: FileKind, options: ExtractionOptions = {}): Promise<ExtractedText> {
  const limits = options.limits ?? EXTRACTION_LIMITS;
  if (bytes.length === 0) return { status: 'no-text', pages: [], detail: 'The file is empty.' };
  if (bytes.length > limits.maxFileBytes) return { status: 'too-large', pages: [], detail: `The file is over ${limits.maxFileBytes} bytes.` };
  const budget = makeBudget(limits, options.now ?? Date.now);
  try {
    switch (kind) {
      case 'pdf':
        return await pdfText(bytes, budget);
      case 'docx':
      case 'pptx': {
        const verdict = await inspectOfficeZip(bytes, options.officeLimits ?? OFFICE_FILE_LIMITS);
        if (!verdict.fits) return { status: verdict.reason === 'too-large' ? 'too-large' : 'failed', pages: [], detail: verdict.detail };
        return kind === 'docx' ? await wordText(bytes, budget) : await slidesText(bytes, budget);
      }
      case 'legacy-office':
        return { status: 'failed', pages: [], detail: 'Old binary Word and PowerPoint files (.doc, .ppt) are not read.' };
      default:
        return { status: 'failed', pages: [], detail: 'Not a PDF, Word or PowerPoint file.' };
    }
  } catch (error) {
    return { status: 'failed', pages: [], detail: describeFailure(error) };
  }
}

/** Pages kept so far and whether a limit stopped the reading. */
function makeBudget(limits: ExtractionLimits, now: () => number) {
  const deadline = now() + limits.maxMilliseconds;
  const pages: TextPage[] = [];
  let characters = 0;
  let stoppedBy: string | undefined;
  return {
    /** Whether another page may be read. */
    canRead(number: number): boolean {
      if (stoppedBy) return false;
      if (number > limits.maxPages) stoppedBy = `More than ${limits.maxPages} pages.`;
      else if (now() > deadline) stoppedBy = `Reading took more than ${limits.maxMilliseconds} ms.`;
      return !stoppedBy;
    },
    keep(number: number, text: string): void {
      const clean = normalize(text);
      const room = limits.maxCharacters - characters;
      if (clean.length > room) stoppedBy = `More than ${limits.maxCharacters} characters.`;
      const kept = clean.slice(0, Math.max(room, 0));
      characters += kept.length;
      if (kept) pages.push({ number, text: kept });
    },
    outcome(): ExtractedText {
      if (stoppedBy) return { status: 'too-large', pages, detail: stoppedBy };
      return pages.length > 0 ? { status: 'ready', pages } : { status: 'no-text', pages, detail: 'No text found in the file.' };
    },
  };
}
type Budget = ReturnType<typeof makeBudget>;

/** Spaces and tabs in a run become one space; at most one blank line between paragraphs. */
const normalize = (text: string) =>
  text
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

let pdfjsDefined: Promise<void> | undefined;

/**
 * unpdf's serverless pdf.js build, an ES module exported for `import` only. Named literally, so the Lambda bundle
 * carries it and tsx and Jest (by its module map) load it; a plain CommonJS loader (Jest's global setup, which runs the
 * browser tests' local stack) cannot resolve that export, and loads the same file by its path instead.
 */
const loadPdfjs = () => import('unpdf/pdfjs').catch(() => import(require.resolve('unpdf').replace(/index\.cjs$/, 'pdfjs.mjs')));

/**
 * Every page in order, each page's text items in the order pdf.js reads them (a line break where it ends a line). A
 * scanned page has no text items: a file of only such pages is "no-text".
 */
async function pdfText(bytes: Uint8Array, budget: Budget): Promise<ExtractedText> {
  pdfjsDefined ??= definePDFJSModule(loadPdfjs);
  await pdfjsDefined;
  // pdf.js takes the buffer over; a copy keeps the caller's bytes intact.
  const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, stopAtErrors: false });
  try {
    for (let number = 1; number <= document.numPages && budget.canRead(number); number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      budget.keep(number, text);
      page.cleanup();
    }
  } finally {
    await document.loadingTask.destroy();
  }
  return budget.outcome();
}

/** Paragraphs, list items and table cells in document order, one per line; a Word document has no pages: page 1. */
async function wordText(bytes: Uint8Array, budget: Budget): Promise<ExtractedText> {
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  if (budget.canRead(1)) budget.keep(1, value);
  return budget.outcome();
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', preserveOrder: true, trimValues: false, processEntities: true });

type XmlNode = Record<string, unknown> & { ':@'?: Record<string, string> };

/**
 * Each slide in the presentation's order (its `sldIdLst`), a page each: the text of every paragraph of its shapes and
 * tables (titles, bullets, cells), then its speaker notes (without the notes page's slide-number field).
 */
async function slidesText(bytes: Uint8Array, budget: Budget): Promise<ExtractedText> {
  const archive = await JSZip.loadAsync(bytes);
  const slidePaths = await slidesInOrder(archive);
  for (const [index, slidePath] of slidePaths.entries()) {
    const number = index + 1;
    if (!budget.canRead(number)) break;
    const slide = await partText(archive, slidePath);
    const notesPath = (await relationshipTargets(archive, slidePath)).find((target) => /notesSlide\d*\.xml$/.test(target));
    const notes = notesPath ? await partText(archive, notesPath) : '';
    budget.keep(number, notes ? `${slide}\n\n${notes}` : slide);
  }
  return budget.outcome();
}

async function slidesInOrder(archive: JSZip): Promise<string[]> {
  const presentation = await readXml(archive, 'ppt/presentation.xml');
  const targets = await relationshipMap(archive, 'ppt/presentation.xml');
  const slideIds = findAll(presentation, 'p:sldId');
  return slideIds.flatMap((node) => {
    const target = targets.get(node[':@']?.['@r:id'] ?? '');
    return target ? [target] : [];
  });
}

async function relationshipTargets(archive: JSZip, partPath: string): Promise<string[]> {
  return [...(await relationshipMap(archive, partPath)).values()];
}

/** A part's relationships (`_rels/<name>.rels`): id → the target's path in the archive. */
async function relationshipMap(archive: JSZip, partPath: string): Promise<Map<string, string>> {
  const folder = partPath.slice(0, partPath.lastIndexOf('/'));
  const relsPath = `${folder}/_rels/${partPath.slice(folder.length + 1)}.rels`;
  if (!archive.file(relsPath)) return new Map();
  const relationships = findAll(await readXml(archive, relsPath), 'Relationship');
  return new Map(
    relationships.map((node) => [node[':@']?.['@Id'] ?? '', resolvePath(folder, node[':@']?.['@Target'] ?? '')] as const),
  );
}

const resolvePath = (folder: string, target: string) => {
  const parts = target.startsWith('/') ? [] : folder.split('/');
  for (const segment of target.replace(/^\//, '').split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
};

async function readXml(archive: JSZip, partPath: string): Promise<XmlNode[]> {
  const part = archive.file(partPath);
  if (!part) return [];
  return xml.parse(await part.async('string')) as XmlNode[];
}

/** The paragraphs (`a:p`) of a slide or notes part, one per line, skipping fields (slide numbers, dates). */
async function partText(archive: JSZip, partPath: string): Promise<string> {
  const paragraphs = findAll(await readXml(archive, partPath), 'a:p');
  return paragraphs
    .map((paragraph) => textRuns(paragraph['a:p'] as XmlNode[]).join(''))
    .filter((line) => line.trim() !== '')
    .join('\n');
}

function textRuns(children: XmlNode[]): string[] {
  return children.flatMap((child) => {
    if ('a:fld' in child) return [];
    if ('a:t' in child) return (child['a:t'] as XmlNode[]).map((text) => String(text['#text'] ?? ''));
    if ('a:br' in child) return ['\n'];
    const [name] = Object.keys(child).filter((key) => key !== ':@');
    return name && Array.isArray(child[name]) ? textRuns(child[name] as XmlNode[]) : [];
  });
}

/** Every element of this name, in document order (not looking inside a match). */
function findAll(nodes: XmlNode[], name: string): XmlNode[] {
  return nodes.flatMap((node) => {
    if (name in node) return [node];
    const [child] = Object.keys(node).filter((key) => key !== ':@');
    return child && Array.isArray(node[child]) ? findAll(node[child] as XmlNode[], name) : [];
  });
}

function describeFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'PasswordException') return 'The file is protected by a password.';
  return `The file could not be read: ${error instanceof Error ? error.message : String(error)}`;
}
