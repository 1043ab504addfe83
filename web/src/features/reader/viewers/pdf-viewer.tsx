// PDFs with pdf.js: one page at a time (or, as a toggle, every page one under the other: continuous scroll) on a
// canvas with its text layer (selectable text), page x of n, Search this file, zoom and fit to width (a double tap
// zooms in and out), keyboard paging.
// The file is read by HTTP range requests, so the first page shows before a large file has arrived. Only pages and
// text are drawn: no annotation layer, no forms, no scripting (links, JavaScript and launch actions in a file are never
// acted on); the worker comes from the app's own origin. pdf.js itself is loaded on first use: the toolbar and the
// page's frame show at their final size before it arrives.
import type { PDFDocumentLoadingTask, PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState, type PointerEvent, type UIEvent } from 'react';
import { reservedAspectRatio, type PageSize } from '../utils/page-frame';
import { PageJump, PagingToolbar, pagingKeys } from './paging';
import { PdfPageView } from './pdf-page-view';
import { PdfSearchBox, usePdfSearch } from './pdf-search-box';
import type { ViewerProps } from './viewer-props';
import { ZoomControl, type Zoom } from './zoom-control';
import './pdf-viewer.css';

let pdfjs: Promise<typeof import('pdfjs-dist')> | undefined;
/** Two taps this close in time and place are a double tap (the usual figures of mobile browsers). */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SLOP_PX = 30;

const loadPdfjs = () =>
  (pdfjs ??= import('pdfjs-dist').then((module) => {
    module.GlobalWorkerOptions.workerSrc = workerUrl;
    return module;
  }));

/** One worker for every PDF the reader opens (Next from one PDF to another does not start and parse it again). */
let sharedWorker: PDFWorker | undefined;
const pdfWorker = (Worker: typeof PDFWorker) => {
  if (!sharedWorker || sharedWorker.destroyed) sharedWorker = new Worker();
  return sharedWorker;
};

export default function PdfViewer({ url, label, onReady, onError, initialPage, onPageChange }: ViewerProps) {
  const [pdf, setPdf] = useState<PDFDocumentProxy>();
  // The page shown: the one piece of state that says where the reader is in the file; a search result opens the
  // reader at its page (`?page=`), else it opens where the student last was.
  const [page, setPage] = useState(() => Math.max(1, Math.floor(Number(new URLSearchParams(window.location.search).get('page'))) || initialPage || 1));
  useEffect(() => onPageChange?.(page), [page, onPageChange]);
  const [firstPageSize, setFirstPageSize] = useState<PageSize>();
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [scale, setScale] = useState(1);
  const [width, setWidth] = useState(0);
  const [continuous, setContinuous] = useState(false);
  const search = usePdfSearch(pdf, page, setPage);
  const frame = useRef<HTMLDivElement>(null);
  // In continuous scroll, the page the scrolling reached: page changes from elsewhere scroll to their page.
  const scrolledTo = useRef(0);

  useEffect(() => {
    let task: PDFDocumentLoadingTask | undefined;
    let cancelled = false;
    loadPdfjs()
      .then(({ getDocument, PDFWorker }) => {
        if (cancelled) return undefined;
        task = getDocument({
          url,
          worker: pdfWorker(PDFWorker),
          // Scripting and XFA forms stay off; pdf.js 6 never evaluates code from a file and the CSP forbids eval.
          enableXfa: false,
          withCredentials: false,
          // Pages are fetched by range requests as they are needed, the rest of the file in the background.
          rangeChunkSize: 256 * 1024,
        });
        return task.promise;
      })
      .then(async (document) => {
        if (!document || cancelled) return;
        setPage((current) => Math.min(current, document.numPages));
        setPdf(document);
        // The frame takes the first page's shape before anything is drawn, so drawing it moves nothing below.
        const { width, height } = (await document.getPage(1)).getViewport({ scale: 1 });
        if (!cancelled) setFirstPageSize({ width, height });
      })
      .catch((error: unknown) => !cancelled && onError(error));
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [url, onError]);

  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [pdf]);

  useEffect(() => {
    const element = frame.current;
    const target = element?.querySelector<HTMLElement>(`[data-page="${page}"]`);
    if (!continuous || !element || !target || scrolledTo.current === page) return;
    scrolledTo.current = page;
    const padding = parseFloat(getComputedStyle(element).paddingTop) || 0;
    element.scrollTop += target.getBoundingClientRect().top - element.getBoundingClientRect().top - padding;
  }, [continuous, page, pdf]);

  /** Continuous scroll: the page being read is the last whose top is in the frame's upper third. */
  const followScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    const line = element.getBoundingClientRect().top + element.clientHeight / 3;
    const pages = [...element.querySelectorAll<HTMLElement>('[data-page]')];
    const reached = pages.filter((each) => each.getBoundingClientRect().top <= line).length || 1;
    scrolledTo.current = reached;
    setPage(reached);
  };

  /**
   * A double tap zooms in on the page (twice its width), and a second one back to its width: a phone does not zoom a
   * page made for its width itself. Touch only: a double click selects a word of the text, as in any document.
   */
  const lastTap = useRef<{ at: number; x: number; y: number }>(undefined);
  const doubleTap = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'touch') return;
    const tap = { at: event.timeStamp, x: event.clientX, y: event.clientY };
    const previous = lastTap.current;
    const isDouble = previous && tap.at - previous.at < DOUBLE_TAP_MS && Math.hypot(tap.x - previous.x, tap.y - previous.y) < DOUBLE_TAP_SLOP_PX;
    lastTap.current = isDouble ? undefined : tap;
    if (isDouble) setZoom(zoom === 'fit' ? Math.min(3, scale * 2) : 'fit');
  };

  const count = pdf?.numPages ?? 0;

  return (
    <div className="pdf-viewer">
      {/* Every control is there from the start (disabled until the file is open), so the file's arrival moves nothing. */}
      <PagingToolbar
        unit="Page"
        page={page}
        count={count}
        onPage={setPage}
        tools={
          <>
            <PageJump count={count} onPage={setPage} />
            <PdfSearchBox search={search} />
            <ZoomControl zoom={zoom} scale={scale} onZoom={setZoom} />
            <button
              type="button"
              className="button button-secondary"
              aria-pressed={continuous}
              disabled={!pdf}
              onClick={() => {
                scrolledTo.current = 0;
                setContinuous(!continuous);
              }}
            >
              Continuous scroll
            </button>
          </>
        }
      />
      <div
        ref={frame}
        className={continuous ? 'pdf-frame is-continuous' : 'pdf-frame'}
        style={{ aspectRatio: reservedAspectRatio(firstPageSize) }}
        tabIndex={0}
        role="group"
        aria-label={count ? `${label}, page ${page} of ${count}` : label}
        onKeyDown={pagingKeys(page, count, setPage)}
        onScroll={continuous ? followScroll : undefined}
        onPointerUp={doubleTap}
      >
        {pdf &&
          (continuous ? Array.from({ length: count }, (_, index) => index + 1) : [page]).map((number) => (
            <PdfPageView
              // One page view follows the page shown (its last drawing stays until the next is drawn).
              key={continuous ? number : 'page'}
              pdf={pdf}
              number={number}
              zoom={zoom}
              width={width}
              // Only the pages near the one being read are drawn; the others keep the first page's box.
              draw={!continuous || Math.abs(number - page) <= 2}
              reserve={continuous && firstPageSize ? { width: firstPageSize.width * scale, height: firstPageSize.height * scale } : undefined}
              highlight={number === page ? search.highlight : undefined}
              onScale={setScale}
              onReady={onReady}
              onError={onError}
            />
          ))}
      </div>
    </div>
  );
}
