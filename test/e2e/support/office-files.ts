// Office files made in the test rather than committed: a Word document whose styles attack the page, and zip bombs.
import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const PACKAGE_PARTS = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
    '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
  '_rels/.rels': `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE_RELATIONSHIP}/officeDocument" Target="word/document.xml"/></Relationships>`,
  'word/_rels/document.xml.rels': `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE_RELATIONSHIP}/styles" Target="styles.xml"/></Relationships>`,
};

/** A deck's package (the server checks an upload's parts say what its name says). */
const PRESENTATION_PARTS = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>' +
    '<Override PartName="/ppt/slides/slide1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/></Types>',
  '_rels/.rels': `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE_RELATIONSHIP}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
  'ppt/presentation.xml': '<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
};

const paragraph = (text: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t>${text}</w:t></w:r></w:p>`;
const document = (body: string) => `<w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`;

/**
 * A paragraph style whose colour value closes its CSS rule and adds its own (what docx-preview writes into a <style>
 * block): every button and link hidden, and a red banner fixed over the whole window.
 */
export const HOSTILE_STYLE_BANNER = 'Your school account is locked';
export function hostileStyleDocx(text: string): Uint8Array {
  const colour =
    `000000; } button, a, nav { display: none !important; } body::after { content: '${HOSTILE_STYLE_BANNER}'; position: fixed; ` +
    'inset: 0; z-index: 2147483647; background: #b42318; color: #fff; font-size: 48px; } .hostile { color: #000';
  const styles = `<w:styles xmlns:w="${W}"><w:style w:type="paragraph" w:styleId="Hostile"><w:name w:val="Hostile"/><w:rPr><w:color w:val="${colour}"/></w:rPr></w:style></w:styles>`;
  return zipSync({
    ...Object.fromEntries(Object.entries(PACKAGE_PARTS).map(([name, xml]) => [name, strToU8(xml)])),
    'word/document.xml': strToU8(document(paragraph(text, 'Hostile'))),
    'word/styles.xml': strToU8(styles),
  });
}

/**
 * An office file of well under a megabyte whose main part inflates to `inflatedMiB` MiB of blank text: Word's
 * document, or a PowerPoint deck's first slide. The size check refuses it before any renderer reads the parts.
 */
export function zipBomb(kind: 'docx' | 'pptx', inflatedMiB: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  const parts = kind === 'docx' ? { ...PACKAGE_PARTS, 'word/styles.xml': `<w:styles xmlns:w="${W}"/>` } : PRESENTATION_PARTS;
  for (const [name, xml] of Object.entries(parts)) {
    const part = new ZipDeflate(name);
    zip.add(part);
    part.push(strToU8(xml), true);
  }
  const body = new ZipDeflate(kind === 'docx' ? 'word/document.xml' : 'ppt/slides/slide1.xml', { level: 1 });
  zip.add(body);
  body.push(strToU8(`<w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>`));
  const blank = new Uint8Array(1024 * 1024).fill(0x20);
  for (let mebibyte = 0; mebibyte < inflatedMiB; mebibyte++) body.push(blank);
  body.push(strToU8('</w:t></w:r></w:p></w:body></w:document>'), true);
  zip.end();
  const file = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  chunks.reduce((offset, chunk) => (file.set(chunk, offset), offset + chunk.length), 0);
  return file;
}
