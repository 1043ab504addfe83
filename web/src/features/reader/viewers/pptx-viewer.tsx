// PowerPoint decks with @jvmr/pptx-to-html (text, pictures, tables): checked against the size limits, then its HTML
// is parsed inert, neutralized as untrusted and shown in the document frame (where the deck's styles stay) one slide
// at a time, so a deck of hundreds of slides costs one slide's DOM. The converter is loaded on first use; the toolbar
// and the slide's frame show at their final size before it.
import { useEffect, useRef, useState } from 'react';
import { fetchFileBytes } from '../utils/fetch-file';
import { checkOfficeFile } from '../utils/office-file-check';
import { markUnlabelledImagesDecorative, neutralizeUntrustedHtml } from '../utils/untrusted-html';
import { DocumentFrame, frameDocument } from './document-frame';
import { PagingToolbar, pagingKeys } from './paging';
import type { ViewerProps } from './viewer-props';
import { ZoomControl, type Zoom } from './zoom-control';

const SLIDE_SIZE = { width: 960, height: 540 };

export default function PptxViewer({ url, label, onReady, onError, initialPage, onPageChange }: ViewerProps) {
  const [slides, setSlides] = useState<string[]>();
  // Opens at the slide the student was last on.
  const [index, setIndex] = useState(() => Math.max(0, (initialPage ?? 1) - 1));
  useEffect(() => onPageChange?.(index + 1), [index, onPageChange]);
  // The slide's width when fitted; a fixed zoom overrides it (a slide larger than the frame scrolls inside it).
  const [fitWidth, setFitWidth] = useState(SLIDE_SIZE.width);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [fullscreen, setFullscreen] = useState(false);
  const viewer = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const slide = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    (async () => {
      const bytes = await checkOfficeFile(await fetchFileBytes(url, abort.signal), abort.signal);
      const { pptxToHtml } = await import('@jvmr/pptx-to-html');
      const html = await pptxToHtml(bytes, { ...SLIDE_SIZE, scaleToFit: true, letterbox: false });
      if (abort.signal.aborted) return;
      setIndex((current) => Math.min(current, Math.max(0, html.length - 1)));
      setSlides(html);
    })().catch((error: unknown) => {
      if (!abort.signal.aborted) onError(error);
    });
    return () => abort.abort();
  }, [url, onError]);

  // The slide is laid out at 960 px and, to fit, scaled to the width available (at most 960 px in the page; in full
  // screen, as large as the screen holds it).
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([{ contentRect }]) =>
      setFitWidth(
        fullscreen
          ? Math.min(contentRect.width, (contentRect.height * SLIDE_SIZE.width) / SLIDE_SIZE.height)
          : Math.min(SLIDE_SIZE.width, contentRect.width),
      ),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [slides, fullscreen]);

  useEffect(() => {
    const follow = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === viewer.current);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);

  const toggleFullscreen = () => {
    if (fullscreen) void document.exitFullscreen();
    else void viewer.current?.requestFullscreen().catch(() => undefined);
  };

  useEffect(() => {
    const element = slide.current;
    if (!slides || !element) return;
    let current = true;
    frameDocument(element).then(
      (target) => {
        if (!current) return;
        // Parsed by the frame's document, under its policy; a template's content is inert: nothing in it loads or
        // runs while it is checked.
        const template = target.createElement('template');
        template.innerHTML = slides[index] ?? '';
        neutralizeUntrustedHtml(template.content);
        markUnlabelledImagesDecorative(template.content);
        target.documentElement.classList.add('slide');
        target.body.replaceChildren(target.importNode(template.content, true));
        onReady();
      },
      (error: unknown) => current && onError(error),
    );
    return () => {
      current = false;
    };
  }, [slides, index, onReady, onError]);

  const count = slides?.length ?? 0;
  const keys = pagingKeys(index + 1, count, (page) => setIndex(page - 1));
  const scale = zoom === 'fit' ? fitWidth / SLIDE_SIZE.width : zoom;

  return (
    <div ref={viewer} className="pptx-viewer">
      <PagingToolbar
        unit="Slide"
        page={index + 1}
        count={count}
        onPage={(page) => setIndex(page - 1)}
        tools={
          <>
            <ZoomControl zoom={zoom} scale={scale} onZoom={setZoom} fitLabel={fullscreen ? 'Fit to screen' : 'Fit to width'} />
            {document.fullscreenEnabled && (
              <button type="button" className="button button-secondary" onClick={toggleFullscreen} aria-pressed={fullscreen}>
                Full screen
              </button>
            )}
          </>
        }
      />
      <div ref={frame} className="slide-frame" tabIndex={0} role="group" aria-label={`${label}, slide ${index + 1} of ${count}`} onKeyDown={keys}>
        <div className="slide-stage" style={{ width: SLIDE_SIZE.width * scale, height: SLIDE_SIZE.height * scale }}>
          <DocumentFrame
            ref={slide}
            label={`${label}, slide ${index + 1}`}
            className="pptx-slide"
            style={{ width: SLIDE_SIZE.width, height: SLIDE_SIZE.height, transform: `scale(${scale})` }}
          />
        </div>
      </div>
    </div>
  );
}
