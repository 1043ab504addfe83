// One page of a PDF: its canvas with pdf.js's text layer over it (selectable text, where a search match is marked),
// drawn at the zoom asked for (fit: the frame's width). The viewer shows one such page, or every page of the file one
// under the other (continuous scroll), drawing only those near the one being read.
import type { PDFDocumentProxy, RenderTask, TextLayer } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import type { PageSize } from '../utils/page-frame';
import { markMatch } from './pdf-search-box';
import type { ItemRange } from './pdf-search';
import type { Zoom } from './zoom-control';

interface PdfPageViewProps {
  pdf: PDFDocumentProxy;
  number: number;
  zoom: Zoom;
  /** The frame's content width, which fit fills. */
  width: number;
  /** False: not drawn (a page far from the one being read), its box kept at `reserve`. */
  draw: boolean;
  /** The box of a page not drawn yet; without it, the page shows nothing until drawn (nothing grows into it). */
  reserve?: PageSize;
  highlight?: ItemRange[];
  onScale: (scale: number) => void;
  onReady: () => void;
  onError: (error: unknown) => void;
}

export function PdfPageView({ pdf, number, zoom, width, draw, reserve, highlight, onScale, onReady, onError }: PdfPageViewProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  // The text layer's element for each text item, and of which page (a page view that follows the page shown still
  // holds the last page's layer while drawing the next).
  const [textItems, setTextItems] = useState<{ page: number; items: HTMLElement[] }>();

  useEffect(() => {
    if (!draw) {
      // A page scrolled far away gives its canvas's memory back.
      if (canvas.current) canvas.current.width = 0;
      setDrawn(false);
      return;
    }
    // The elements as they are now: once the view leaves the page React clears its refs before this effect's cleanup
    // runs, and a drawing that resumes in between must not meet null (it draws into the detached canvas, then stops).
    const target = canvas.current;
    const layer = textLayer.current;
    if (!target || !layer || width === 0) return;
    let renderTask: RenderTask | undefined;
    let text: TextLayer | undefined;
    let cancelled = false;
    (async () => {
      const pdfPage = await pdf.getPage(number);
      if (cancelled) return;
      const natural = pdfPage.getViewport({ scale: 1 });
      const cssScale = zoom === 'fit' ? Math.max(0.25, (width - 2) / natural.width) : zoom;
      onScale(cssScale);
      const viewport = pdfPage.getViewport({ scale: cssScale });
      const outputScale = window.devicePixelRatio || 1;
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
      layer.replaceChildren();
      layer.style.setProperty('--total-scale-factor', String(cssScale));
      // pdf.js's module is loaded with the document already.
      const { TextLayer } = await import('pdfjs-dist');
      if (cancelled) return;
      text = new TextLayer({ textContentSource: pdfPage.streamTextContent(), container: layer, viewport });
      await text.render();
      if (cancelled) return;
      setTextItems({ page: number, items: text.textDivs });
      onReady();
    })().catch((error: unknown) => {
      if (!cancelled && (error as Error)?.name !== 'RenderingCancelledException') onError(error);
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
      text?.cancel();
    };
  }, [pdf, number, zoom, width, draw, onScale, onReady, onError]);

  useEffect(() => (highlight && textItems?.page === number ? markMatch(textItems.items, highlight) : undefined), [textItems, number, highlight]);

  const blank = !drawn && reserve !== undefined;
  return (
    <div className="pdf-page" data-page={number} hidden={!drawn && !blank} style={blank ? { width: reserve.width, height: reserve.height } : undefined}>
      <canvas ref={canvas} aria-hidden="true" hidden={!drawn} />
      <div ref={textLayer} className="textLayer" hidden={!drawn} />
    </div>
  );
}
