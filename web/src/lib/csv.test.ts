import { parseCsv } from '@web/testing/csv';
import { csvFileName, neutralizeFormula, toCsv } from './csv';

describe('toCsv', () => {
  it('starts with a UTF-8 byte order mark and ends every line with CRLF', () => {
    expect(toCsv(['Student', 'Cells'], [['Zoë Ådams', 50]])).toBe('\uFEFFStudent,Cells\r\nZoë Ådams,50\r\n');
  });

  it('quotes fields with commas, quotes and line breaks, doubling quotes (RFC 4180)', () => {
    const csv = toCsv(['a', 'b', 'c'], [['Smith, Jo', 'say "hi"', 'two\nlines']]);
    expect(csv).toBe('\uFEFFa,b,c\r\n"Smith, Jo","say ""hi""","two\nlines"\r\n');
    expect(parseCsv(csv)).toEqual([
      ['a', 'b', 'c'],
      ['Smith, Jo', 'say "hi"', 'two\nlines'],
    ]);
  });

  it.each(['=SUM(A1:A2)', '+1', '-2+3', '@cmd', '\t=1', '\r=1'])('neutralises %j against formula injection', (value) => {
    const [, [cell]] = parseCsv(toCsv(['x'], [[value]])) as [string[], string[]];
    expect(cell).toBe(`'${value}`);
  });

  it('leaves ordinary text, dates and numbers as they are', () => {
    expect(neutralizeFormula('Sam')).toBe('Sam');
    expect(neutralizeFormula('2026-11-23')).toBe('2026-11-23');
    expect(toCsv(['n'], [[-5]])).toBe('\uFEFFn\r\n-5\r\n');
  });
});

describe('csvFileName', () => {
  it('keeps letters, digits and dashes', () => {
    expect(csvFileName('Year 9 Science', 'progress')).toBe('year-9-science-progress.csv');
    expect(csvFileName('Élan / 7B')).toBe('elan-7b.csv');
  });
});
