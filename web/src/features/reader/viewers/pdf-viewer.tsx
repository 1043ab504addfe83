// PDFs with pdf.js: one page at a time on a canvas with its text layer (selectable text), page x of n, zoom and
// fit to width, keyboard paging. The file is read by HTTP range requests, so the first page shows before a large
// file has arrived. Only pages and text are drawn: no annotation layer, no forms, no scripting (links, JavaScript and
// launch actions in a file are never acted on); the worker comes from the app's own origin. pdf.js itself is loaded
// on first use: the toolbar and the page's frame show at their final size before it arrives.
import type { PDFDocumentLoadingTask, PDFDocumentProxy, PDFWorker, RenderTask, TextLayer } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { reservedAspectRatio, type PageSize } from '../utils/page-frame';
import { PageJump, PagingToolbar, pagingKeys } from './paging';
import { markMatch, PdfSearchInToolbar, PdfSearchPanel, usePdfSearch } from './pdf-search-box';
import type { ViewerProps } from './viewer-props';
import { ZoomControl, type Zoom } from './zoom-control';
import './pdf-viewer.css';

let pdfjs: Promise<typeof import('pdfjs-dist')> | undefined;
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

export default function PdfViewer({ url, label, onReady, onError }: ViewerProps) {
  const [pdf, setPdf] = useState<PDFDocumentProxy>();
  // The page shown: the one piece of state that says where the reader is in the file; a search result opens the
  // reader at its page (`?page=`).
  const [page, setPage] = useState(() => Math.max(1, Math.floor(Number(new URLSearchParams(window.location.search).get('page'))) || 1));
  const [firstPageSize, setFirstPageSize] = useState<PageSize>();
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [scale, setScale] = useState(1);
  const [width, setWidth] = useState(0);
  // The page's box shows from its first drawing on: a blank canvas's default size growing into the page would shift.
  const [drawn, setDrawn] = useState(false);
  // The text layer's element for each text item of the page shown, once it is drawn: where a search match is marked.
  const [textItems, setTextItems] = useState<HTMLElement[]>([]);
  const search = usePdfSearch(pdf, page, setPage);
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);

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
    if (!pdf || !canvas.current || !textLayer.current || width === 0) return;
    let renderTask: RenderTask | undefined;
    let text: TextLayer | undefined;
    let cancelled = false;
    (async () => {
      const pdfPage = await pdf.getPage(page);
      if (cancelled) return;
      const natural = pdfPage.getViewport({ scale: 1 });
      const cssScale = zoom === 'fit' ? Math.max(0.25, (width - 2) / natural.width) : zoom;
      setScale(cssScale);
      const viewport = pdfPage.getViewport({ scale: cssScale });
      const outputScale = window.devicePixelRatio || 1;
      const target = canvas.current!;
      target.width = Math.floor(viewport.width * outputScale);
      target.height = Math.floor(viewport.height * outputScale);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      renderTask = pdfPage.render({
        canvas: target,
        viewport,
        transform: outputScale === 1 ? undefined : [outputScale, 0, 0, outputScale, 0, 0],
      });
      await renderTask.promise;
      if (cancelled) return;
      setDrawn(true);
      const layer = textLayer.current!;
      layer.replaceChildren();
      layer.style.setProperty('--total-scale-factor', String(cssScale));
      const { TextLayer } = await loadPdfjs();
      if (cancelled) return;
      text = new TextLayer({ textContentSource: pdfPage.streamTextContent(), container: layer, viewport });
      await text.render();
      if (cancelled) return;
      setTextItems(text.textDivs);
      onReady();
    })().catch((error: unknown) => {
      if (!cancelled && (error as Error)?.name !== 'RenderingCancelledException') onError(error);
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
      text?.cancel();
    };
  }, [pdf, page, zoom, width, onReady, onError]);

  const { highlight } = search;
  useEffect(() => (highlight ? markMatch(textItems, highlight) : undefined), [textItems, highlight]);

  const count = pdf?.numPages ?? 0;

  return (
    <div className="pdf-viewer">
      {/* Every control is there from the start (disabled until the file is open), so the file's arrival moves nothing. */}
      <PagingToolbar unit="Page" page={page} count={count} onPage={setPage}>
        <PageJump count={count} onPage={setPage} />
        <PdfSearchInToolbar search={search} />
        <ZoomControl zoom={zoom} scale={scale} onZoom={setZoom} />
      </PagingToolbar>
      <PdfSearchPanel search={search} />
      <div
        ref={frame}
        className="pdf-frame"
        style={{ aspectRatio: reservedAspectRatio(firstPageSize) }}
        tabIndex={0}
        role="group"
        aria-label={count ? `${label}, page ${page} of ${count}` : label}
        onKeyDown={pagingKeys(page, count, setPage)}
      >
        <div className="pdf-page" hidden={!drawn}>
          <canvas ref={canvas} aria-hidden="true" />
          <div ref={textLayer} className="textLayer" />
        </div>
      </div>
    </div>
  );
}
