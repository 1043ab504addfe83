// The seeded multi-page PDF (about 10 MB, 50 pages), written at seed time rather than committed: each page has text
// and a photo-like image that does not compress, so the file is large for real and the reader has to stream it by
// range requests. Deterministic: the same bytes on every run.

export const LARGE_PDF = { fileName: 'cell-biology-handbook.pdf', pages: 50 } as const;

const IMAGE = { width: 320, height: 210 };

export function largePdf(pages: number = LARGE_PDF.pages): Buffer {
  const objects = new Map<number, Buffer>();
  const font = 3;
  const boldFont = 4;
  objects.set(font, Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'));
  objects.set(boldFont, Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'));
  const random = xorshift(0x5eed);
  const kids: string[] = [];
  for (let page = 1; page <= pages; page += 1) {
    const [pageObject, contents, image] = [5 + (page - 1) * 3, 6 + (page - 1) * 3, 7 + (page - 1) * 3];
    kids.push(`${pageObject} 0 R`);
    objects.set(
      pageObject,
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R /F2 ${boldFont} 0 R >> ` +
          `/XObject << /Im1 ${image} 0 R >> >> /Contents ${contents} 0 R >>`,
      ),
    );
    objects.set(contents, stream(Buffer.from(pageText(page, pages), 'latin1')));
    const pixels = Buffer.alloc(IMAGE.width * IMAGE.height * 3);
    for (let index = 0; index < pixels.length; index += 3) {
      const shade = random() & 0x3f;
      pixels[index] = 60 + shade;
      pixels[index + 1] = 120 + ((page * 7) % 60) + shade;
      pixels[index + 2] = 80 + shade;
    }
    objects.set(
      image,
      stream(pixels, `/Type /XObject /Subtype /Image /Width ${IMAGE.width} /Height ${IMAGE.height} /ColorSpace /DeviceRGB /BitsPerComponent 8`),
    );
  }
  objects.set(1, Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'));
  objects.set(2, Buffer.from(`<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`));

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0].length;
  const offsets: number[] = [];
  const size = Math.max(...objects.keys()) + 1;
  for (let number = 1; number < size; number += 1) {
    offsets[number] = length;
    const object = Buffer.concat([Buffer.from(`${number} 0 obj\n`), objects.get(number)!, Buffer.from('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  }
  const xref = [`xref\n0 ${size}\n`, '0000000000 65535 f \n'];
  for (let number = 1; number < size; number += 1) xref.push(`${String(offsets[number]).padStart(10, '0')} 00000 n \n`);
  xref.push(`trailer\n<< /Size ${size} /Root 1 0 R /Info << /Title (Cell biology handbook) >> >>\nstartxref\n${length}\n%%EOF\n`);
  parts.push(Buffer.from(xref.join('')));
  return Buffer.concat(parts);
}

function pageText(page: number, pages: number): string {
  const lines = [
    `This is page ${page} of the handbook.`,
    'Cells divide by mitosis to grow and to repair tissue.',
    'Each daughter cell receives a full copy of the chromosomes.',
    'The picture below is a micrograph-style texture for this page.',
  ];
  const escape = (text: string) => text.replace(/[\\()]/g, (match) => `\\${match}`);
  return [
    'BT',
    '/F2 22 Tf',
    '72 740 Td',
    `(${escape(`Cell biology handbook: page ${page} of ${pages}`)}) Tj`,
    '/F1 12 Tf',
    '0 -36 Td',
    '16 TL',
    ...lines.map((line) => `(${escape(line)}) '`),
    'ET',
    'q 400 0 0 262 106 330 cm /Im1 Do Q',
  ].join('\n');
}

function stream(data: Buffer, dictionary = ''): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

/** A small deterministic pseudo-random generator (xorshift32). */
function xorshift(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}
