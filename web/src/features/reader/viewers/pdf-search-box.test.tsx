import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useState } from 'react';
import { PdfSearchBox, usePdfSearch } from './pdf-search-box';

/** A document of these pages' lines, as pdf.js hands out their text. */
const fakePdf = (pages: string[][]) =>
  ({
    numPages: pages.length,
    getPage: async (number: number) => ({
      getTextContent: async () => ({ items: pages[number - 1].map((str) => ({ str, hasEOL: true })) }),
    }),
  }) as unknown as PDFDocumentProxy;

const HANDBOOK = fakePdf([['Cells divide by mitosis.'], ['Nothing here.'], ['Mitósis again,', 'and MITOSIS.']]);

function SearchedViewer({ pdf }: { pdf: PDFDocumentProxy }) {
  const [page, setPage] = useState(1);
  const onPage = useCallback((number: number) => setPage(number), []);
  const search = usePdfSearch(pdf, page, onPage);
  return (
    <>
      <div role="toolbar" aria-label="Page controls">
        <PdfSearchBox search={search} />
      </div>
      <p>Showing page {page}</p>
    </>
  );
}

it('finds every match ignoring case and accents, counts them, and goes round with Enter and Shift+Enter', async () => {
  const user = userEvent.setup();
  render(<SearchedViewer pdf={HANDBOOK} />);
  const box = screen.getByRole('searchbox', { name: 'Search this file' });

  await user.type(box, 'mitosis{Enter}');
  expect(await screen.findByRole('status')).toHaveTextContent('1 of 3');
  expect(screen.getByText('Showing page 1')).toBeInTheDocument();

  await user.keyboard('{Enter}');
  expect(screen.getByRole('status')).toHaveTextContent('2 of 3');
  expect(screen.getByText('Showing page 3')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next match' }));
  expect(screen.getByRole('status')).toHaveTextContent('3 of 3');
  await user.click(box);
  await user.keyboard('{Enter}');
  expect(screen.getByRole('status')).toHaveTextContent('1 of 3');
  expect(screen.getByText('Showing page 1')).toBeInTheDocument();

  await user.keyboard('{Shift>}{Enter}{/Shift}');
  expect(screen.getByRole('status')).toHaveTextContent('3 of 3');
  await user.click(screen.getByRole('button', { name: 'Previous match' }));
  expect(screen.getByRole('status')).toHaveTextContent('2 of 3');

  // Escape clears the search.
  await user.type(box, '{Escape}');
  expect(box).toHaveValue('');
  expect(screen.getByRole('status')).toHaveTextContent('');
  expect(screen.getByRole('button', { name: 'Previous match' })).toBeDisabled();
});

it('says so when nothing matches, and a changed query is searched again', async () => {
  const user = userEvent.setup();
  render(<SearchedViewer pdf={HANDBOOK} />);
  const box = screen.getByRole('searchbox', { name: 'Search this file' });
  await user.type(box, 'nucleus{Enter}');
  expect(await screen.findByText('No matches')).toBeInTheDocument();
  await user.clear(box);
  await user.type(box, 'nothing here{Enter}');
  expect(await screen.findByText('1 of 1')).toBeInTheDocument();
  expect(screen.getByText('Showing page 2')).toBeInTheDocument();
});
