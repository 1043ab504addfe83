// PowerPoint decks with @jvmr/pptx-to-html (text, pictures, tables): its HTML is parsed inert, neutralized as
// untrusted, then shown one slide at a time, so a deck of hundreds of slides costs one slide's DOM.
import { pptxToHtml } from '@jvmr/pptx-to-html';
import { useEffect, useRef, useState } from 'react';
import { fetchFileBytes } from '../utils/fetch-file';
import { markUnlabelledImagesDecorative, neutralizeUntrustedHtml } from '../utils/untrusted-html';
import { PagingToolbar, pagingKeys } from './paging';
import type { ViewerProps } from './viewer-props';

const SLIDE_SIZE = { width: 960, height: 540 };

export default function PptxViewer({ url, label, onReady, onError }: ViewerProps) {
  const [slides, setSlides] = useState<string[]>();
  const [index, setIndex] = useState(0);
  const [width, setWidth] = useState(SLIDE_SIZE.width);
  const frame = useRef<HTMLDivElement>(null);
  const slide = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    (async () => {
      const bytes = await fetchFileBytes(url, abort.signal);
      const html = await pptxToHtml(bytes, { ...SLIDE_SIZE, scaleToFit: true, letterbox: false });
      if (!abort.signal.aborted) setSlides(html);
    })().catch((error: unknown) => {
      if (!abort.signal.aborted) onError(error);
    });
    return () => abort.abort();
  }, [url, onError]);

  // The slide is laid out at 960 px and scaled to the width available.
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.min(SLIDE_SIZE.width, entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [slides]);

  useEffect(() => {
    if (!slides || !slide.current) return;
    // A template's content is inert: nothing in it loads or runs while it is checked.
    const template = document.createElement('template');
    template.innerHTML = slides[index] ?? '';
    neutralizeUntrustedHtml(template.content);
    markUnlabelledImagesDecorative(template.content);
    slide.current.replaceChildren(document.importNode(template.content, true));
    onReady();
  }, [slides, index, onReady]);

  const count = slides?.length ?? 0;
  const keys = pagingKeys(index + 1, count, (page) => setIndex(page - 1));
  const scale = width / SLIDE_SIZE.width;

  return (
    <div className="pptx-viewer">
      {count > 0 && <PagingToolbar unit="Slide" page={index + 1} count={count} onPage={(page) => setIndex(page - 1)} />}
      <div ref={frame} className="slide-frame" tabIndex={0} role="group" aria-label={`${label}, slide ${index + 1} of ${count}`} onKeyDown={keys}>
        <div className="slide-stage" style={{ height: SLIDE_SIZE.height * scale }}>
          <div ref={slide} className="pptx-slide" style={{ width: SLIDE_SIZE.width, height: SLIDE_SIZE.height, transform: `scale(${scale})` }} />
        </div>
      </div>
    </div>
  );
}
