// CSV for spreadsheets, generated in the browser from the rows on screen: RFC 4180 (CRLF line ends, fields quoted
// when they hold a comma, quote or line break, quotes doubled), UTF-8 with a byte order mark so Excel reads names
// with accents correctly, and cells a spreadsheet would run as a formula made inert.

/** A leading = + - @ (or tab / carriage return, which some spreadsheets skip before one) starts a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const BYTE_ORDER_MARK = '\uFEFF';

/** A formula-looking cell gets a leading apostrophe, which spreadsheets show as text and do not evaluate. */
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function field(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : neutralizeFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: a header line, then one line per row, each ended with CRLF. */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  return BYTE_ORDER_MARK + [header, ...rows].map((cells) => `${cells.map(field).join(',')}\r\n`).join('');
}

/** A file name from a class or module name: letters, digits and dashes only. */
export const csvFileName = (...parts: string[]) =>
  `${parts
    .join('-')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'report'}.csv`;
