// Gathering files' page terms into one inverted list: each page once, each stem's pages in order, and a file gathered
// again replacing its earlier pages or dropped (the others renumbered, a stem no page holds dropped).
import { dropFiles, gatherTerms, noGatheredTerms } from './gathered-terms';

const page = (number: number, counts: Record<string, number>) => ({
  number,
  length: Object.values(counts).reduce((sum, count) => sum + count, 0),
  stems: Object.keys(counts),
  counts: Object.values(counts),
});

test('gathers the pages of files, and for each stem the pages holding it with its count', () => {
  const gathered = gatherTerms(noGatheredTerms(), new Map([['a.pdf', [page(1, { cell: 2 }), page(2, { cell: 1, atom: 1 })]], ['b.pdf', [page(5, { atom: 3 })]]]));

  expect(gathered).toEqual({
    pages: [['a.pdf', 1, 2], ['a.pdf', 2, 2], ['b.pdf', 5, 3]],
    stems: ['cell', 'atom'],
    postings: [[0, 2, 1, 1], [1, 1, 2, 3]],
  });
});

test("replaces a file gathered again: its earlier pages and the stems only they held go, the others' pages are renumbered", () => {
  const gathered = gatherTerms(noGatheredTerms(), new Map([['a.pdf', [page(1, { cell: 2 })]], ['b.pdf', [page(5, { atom: 3 })]]]));

  gatherTerms(gathered, new Map([['a.pdf', [page(1, { ion: 1 })]]]));

  expect(gathered).toEqual({ pages: [['b.pdf', 5, 3], ['a.pdf', 1, 1]], stems: ['atom', 'ion'], postings: [[0, 3], [1, 1]] });
});

test("drops a deleted file's pages and the stems only they held, and says whether there was anything to drop", () => {
  const gathered = gatherTerms(noGatheredTerms(), new Map([['a.pdf', [page(1, { cell: 2, atom: 1 })]], ['b.pdf', [page(5, { atom: 3 })]]]));

  expect(dropFiles(gathered, new Set(['a.pdf']))).toBe(true);
  expect(gathered).toEqual({ pages: [['b.pdf', 5, 3]], stems: ['atom'], postings: [[0, 3]] });
  expect(dropFiles(gathered, new Set(['a.pdf', 'c.pdf']))).toBe(false);
  expect(gathered).toEqual({ pages: [['b.pdf', 5, 3]], stems: ['atom'], postings: [[0, 3]] });
});
