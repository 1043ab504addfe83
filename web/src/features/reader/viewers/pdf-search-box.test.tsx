import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useState } from 'react';
import { PdfSearchInToolbar, PdfSearchPanel, usePdfSearch } from './pdf-search-box';

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
        <PdfSearchInToolbar search={search} />
      </div>
      <PdfSearchPanel search={search} />
      <p>Showing page {page}</p>
    </>
  );
}

const originalWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = originalWidth;
});

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

it('below 601 px, keeps the toolbar to a Search button that opens the box under it; Escape closes it', async () => {
  window.innerWidth = 375;
  const matchMedia = window.matchMedia;
  // useMinWidth reads innerWidth where matchMedia is missing.
  Object.defineProperty(window, 'matchMedia', { value: undefined, configurable: true });
  try {
    const user = userEvent.setup();
    render(<SearchedViewer pdf={HANDBOOK} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Page controls' });
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Search', expanded: false });
    expect(toolbar).toContainElement(toggle);

    await user.click(toggle);
    const box = screen.getByRole('searchbox', { name: 'Search this file' });
    expect(toolbar).not.toContainElement(box);
    expect(box).toHaveFocus();
    await user.keyboard('again{Enter}');
    expect(await screen.findByText('1 of 1')).toBeInTheDocument();
    expect(screen.getByText('Showing page 3')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search', expanded: false })).toHaveFocus();
  } finally {
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
  }
});
