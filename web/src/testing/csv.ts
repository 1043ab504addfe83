// An RFC 4180 reader for tests (web unit tests and the browser test): checks that exported files parse back to the rows shown, independent of the writer.
export function parseCsv(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let fieldText = '';
  let quoted = false;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        fieldText += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else fieldText += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(fieldText);
      fieldText = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(fieldText);
      rows.push(row);
      row = [];
      fieldText = '';
      index += 1;
    } else fieldText += char;
  }
  if (fieldText || row.length) rows.push([...row, fieldText]);
  return rows;
}
