import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ref } from 'react';
import PptxViewer from './pptx-viewer';

// The deck's bytes, its checks and its conversion stand in for the network and the converter (the browser tests
// open a real deck); the slide's frame is a blank document of its own.
jest.mock('../utils/fetch-file', () => ({ fetchFileBytes: async () => new ArrayBuffer(8) }));
jest.mock('../utils/office-file-check', () => ({ checkOfficeFile: async (bytes: ArrayBuffer) => bytes }));
// Virtual: the converter's package is ES modules only, which this project's jsdom resolver does not take.
jest.mock('@jvmr/pptx-to-html', () => ({ pptxToHtml: async () => ['<p>Slide one</p>', '<p>Slide two</p>'] }), { virtual: true });
jest.mock('./document-frame', () => ({
  DocumentFrame: ({ ref, label }: { ref: Ref<HTMLIFrameElement>; label: string }) => <iframe ref={ref} title={label} />,
  frameDocument: async () => document.implementation.createHTMLDocument(),
}));

/** The slide's box in the page: what zoom changes. */
const stageWidth = (container: HTMLElement) => (container.querySelector('.slide-stage') as HTMLElement).style.width;

it('zooms the slide in and out by steps and back to fit, with the same control as PDFs', async () => {
  const user = userEvent.setup();
  const onReady = jest.fn();
  const { container } = render(<PptxViewer url="https://bucket/deck.pptx" label="Slides" onReady={onReady} onError={jest.fn()} />);
  await waitFor(() => expect(onReady).toHaveBeenCalled());
  expect(screen.getByText('Slide 1 of 2')).toBeInTheDocument();
  const controls = screen.getByRole('toolbar', { name: 'Slide controls' });
  expect(stageWidth(container)).toBe('960px');
  expect(controls).toHaveTextContent('100%');

  await user.click(screen.getByRole('button', { name: 'Zoom in' }));
  await user.click(screen.getByRole('button', { name: 'Zoom in' }));
  expect(stageWidth(container)).toBe('1440px');
  expect(controls).toHaveTextContent('150%');
  expect(screen.getByRole('button', { name: 'Fit to width' })).toHaveAttribute('aria-pressed', 'false');

  await user.click(screen.getByRole('button', { name: 'Fit to width' }));
  expect(stageWidth(container)).toBe('960px');
  await user.click(screen.getByRole('button', { name: 'Zoom out' }));
  expect(stageWidth(container)).toBe('720px');
  expect(controls).toHaveTextContent('75%');
});
