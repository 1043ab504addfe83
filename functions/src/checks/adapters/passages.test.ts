// What both drafters may ask about, on pages laid out like a printed manual: sentences joined across lines and
// line-break hyphens; running headers, printed page numbers, labels, code and the licence appendix left out.
import type { TextPage } from '@shared/contract/search';
import { printedPageNumbers, prosePassages, withPrintedPages } from './passages';

const HEADER = 'Libtasn1 manual 4.19';
const page = (number: number, ...lines: string[]): TextPage => ({ number, text: [HEADER, ...lines, String(number + 4)].join('\n') });
const MANUAL: TextPage[] = [
  page(1, 'The parser reads the definitions file and builds a tree of nodes that is OP-', 'TIONAL for small schemas.', 'Each node keeps a pre-', 'allocated buffer for its value.'),
  page(2, 'Usage: asn1Parser [OPTION] FILE', 'DER_LEN: Length of DER data to decode.', 'int asn1_der_coding (asn1_node element);', 'Version ::= INTEGER', 'A structure is freed with a single call when it is no longer needed.'),
  page(3, 'The encoder writes the length of each value before the value itself.'),
  page(4, 'GNU Free Documentation License', 'Everyone is permitted to copy and distribute verbatim copies of this licence document.'),
];

it('joins a sentence wrapped over lines, and a word hyphenated at a line end', () => {
  const texts = prosePassages(MANUAL).map((passage) => passage.text);
  expect(texts).toContain('The parser reads the definitions file and builds a tree of nodes that is OPTIONAL for small schemas.');
  expect(texts).toContain('Each node keeps a preallocated buffer for its value.');
});

it('leaves out running headers, page numbers, labels, code and the licence appendix at the end', () => {
  expect(prosePassages(MANUAL).map((passage) => [passage.page, passage.text])).toEqual([
    [1, 'The parser reads the definitions file and builds a tree of nodes that is OPTIONAL for small schemas.'],
    [1, 'Each node keeps a preallocated buffer for its value.'],
    [2, 'A structure is freed with a single call when it is no longer needed.'],
    [3, 'The encoder writes the length of each value before the value itself.'],
  ]);
});

it('reads the page numbers the document prints, when they differ from the file\u2019s, and cites them', () => {
  expect([...printedPageNumbers(MANUAL)]).toEqual([[1, 5], [2, 6], [3, 7], [4, 8]]);
  expect(withPrintedPages([{ source: { page: 2, passage: 'x' } }], MANUAL)).toEqual([{ source: { page: 2, passage: 'x', printedPage: 6 } }]);
  // Numbers equal to the file's pages, or none (slides), add nothing.
  const plain = [1, 2, 3].map((number) => ({ number, text: `Some text on this page.\n${number}` }));
  expect(printedPageNumbers(plain).size).toBe(0);
  expect(withPrintedPages([{ source: { page: 1, passage: 'x' } }], plain)).toEqual([{ source: { page: 1, passage: 'x' } }]);
});
