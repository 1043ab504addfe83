import { findMatches, firstMatchFrom, foldForSearch, matchItemRanges, matchStatus, pageText, stepMatch } from './pdf-search';

const page = (...lines: string[]) => pageText(lines.map((str) => ({ str, hasEOL: true })));

describe('matching', () => {
  it('ignores case, accents and ligatures, and maps back to the original text', () => {
    const text = 'Le CAFÉ est ﬁni.';
    const { folded, origins } = foldForSearch(text);
    expect(folded).toBe('le cafe est fini.');
    // "fi" comes from the one ligature character.
    expect(origins[folded.indexOf('fi')]).toBe(text.indexOf('ﬁ'));
    expect(origins[folded.indexOf('fi') + 1]).toBe(text.indexOf('ﬁ'));

    const [match] = findMatches([pageText([{ str: text, hasEOL: false }])], 'café');
    expect(text.slice(match.start, match.end)).toBe('CAFÉ');
    expect(findMatches([pageText([{ str: 'Mitose', hasEOL: false }])], 'MITÔSE')).toHaveLength(1);
  });

  it('finds a phrase across text items and line ends, whatever the white space', () => {
    const pages = [page('Cells divide by', 'mitosis to grow.'), pageText([{ str: 'divide', hasEOL: false }, { type: 'beginMarkedContent' }, { str: '   by', hasEOL: false }])];
    expect(findMatches(pages, '  divide  BY ')).toEqual([
      { page: 1, start: 6, end: 15 },
      { page: 2, start: 0, end: 11 },
    ]);
  });

  it('counts every match on every page, in reading order, and none for an empty query', () => {
    const pages = [page('a cell and a cell'), page('no match here'), page('one cell')];
    expect(findMatches(pages, 'cell').map((match) => match.page)).toEqual([1, 1, 3]);
    expect(findMatches(pages, '   ')).toEqual([]);
    expect(findMatches(pages, 'nucleus')).toEqual([]);
  });
});

describe('n of m', () => {
  const matches = [1, 1, 4, 9].map((number) => ({ page: number, start: 0, end: 1 }));

  it('starts at the first match on or after the page being read, wrapping round to the first', () => {
    expect(firstMatchFrom(matches, 1)).toBe(0);
    expect(firstMatchFrom(matches, 3)).toBe(2);
    expect(firstMatchFrom(matches, 10)).toBe(0);
  });

  it('goes round from the last match to the first and back', () => {
    expect(stepMatch(3, 4, 1)).toBe(0);
    expect(stepMatch(0, 4, -1)).toBe(3);
    expect(stepMatch(1, 4, 1)).toBe(2);
  });

  it('says where the reader is among the matches', () => {
    expect(matchStatus(2, 12, true)).toBe('3 of 12');
    expect(matchStatus(0, 0, true)).toBe('No matches');
    expect(matchStatus(0, 0, false)).toBe('');
  });
});

it('marks the parts of each text item a match covers, not the line ends between them', () => {
  const text = page('Cells divide by', 'mitosis to grow.');
  const [match] = findMatches([text], 'by mitosis');
  expect(matchItemRanges(text, match)).toEqual([
    { item: 0, start: 13, end: 15 },
    { item: 1, start: 0, end: 7 },
  ]);
});
