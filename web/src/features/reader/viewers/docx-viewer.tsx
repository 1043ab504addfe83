// Word documents with docx-preview (headings, lists, tables, pictures): checked against the size limits, rendered
// off-screen, neutralized as untrusted HTML, anything positioned over the page put back in the text's flow, then shown
// in the document frame, where the file's styles stay. The library builds elements itself; nothing from the file is
// ever run. The library is loaded on first use.
import { useEffect, useRef } from 'react';
import { fetchFileBytes } from '../utils/fetch-file';
import { checkOfficeFile } from '../utils/office-file-check';
import { keepInFlow, markUnlabelledImagesDecorative, neutralizeUntrustedHtml } from '../utils/untrusted-html';
import { DocumentFrame, frameDocument } from './document-frame';
import type { ViewerProps } from './viewer-props';

/** How docx-preview renders a Word file here (the Word reader's tests render with the same). */
export const RENDER_OPTIONS = {
  className: 'docx',
  inWrapper: true,
  ignoreWidth: false,
  ignoreHeight: true,
  ignoreFonts: true,
  breakPages: true,
  renderHeaders: true,
  renderFooters: true,
  renderFootnotes: true,
  renderEndnotes: true,
  renderComments: false,
  renderChanges: false,
  // An altChunk is HTML from the file, shown in a frame: never.
  renderAltChunks: false,
  useBase64URL: true,
  experimental: false,
} as const;

/** As tall as the document, up to most of the window; a longer document scrolls inside the frame. */
function fitHeight(frame: HTMLIFrameElement, document: Document) {
  const height = Math.ceil(document.body.getBoundingClientRect().height);
  frame.style.height = `${Math.min(height, Math.round(window.innerHeight * 0.8))}px`;
}

export default function DocxViewer({ url, label, onReady, onError }: ViewerProps) {
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    const element = frame.current;
    let resize: (() => void) | undefined;
    (async () => {
      const bytes = await checkOfficeFile(await fetchFileBytes(url, abort.signal), abort.signal);
      const staging = document.createElement('div');
      const { renderAsync } = await import('docx-preview');
      await renderAsync(bytes, staging, staging, RENDER_OPTIONS);
      if (!element) return;
      const target = await frameDocument(element);
      if (abort.signal.aborted) return;
      neutralizeUntrustedHtml(staging);
      markUnlabelledImagesDecorative(staging);
      target.body.replaceChildren(...staging.childNodes);
      // In the frame, where the file's inline styles apply: only the positioning changes, its size and colours stay.
      keepInFlow(target.body);
      resize = () => fitHeight(element, target);
      resize();
      window.addEventListener('resize', resize);
      onReady();
    })().catch((error: unknown) => {
      if (!abort.signal.aborted) onError(error);
    });
    return () => {
      abort.abort();
      if (resize) window.removeEventListener('resize', resize);
    };
  }, [url, onReady, onError]);

  return <DocumentFrame ref={frame} label={label} className="docx-viewer" />;
}
