// Word documents with docx-preview (headings, lists, tables, pictures), rendered off-screen, neutralized as untrusted
// HTML, then shown. The library builds elements itself; nothing from the file is ever run.
import { renderAsync } from 'docx-preview';
import { useEffect, useRef } from 'react';
import { fetchFileBytes } from '../utils/fetch-file';
import { markUnlabelledImagesDecorative, neutralizeUntrustedHtml } from '../utils/untrusted-html';
import type { ViewerProps } from './viewer-props';

export default function DocxViewer({ url, label, onReady, onError }: ViewerProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    (async () => {
      const bytes = await fetchFileBytes(url, abort.signal);
      const staging = document.createElement('div');
      await renderAsync(bytes, staging, staging, {
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
      });
      if (abort.signal.aborted || !container.current) return;
      neutralizeUntrustedHtml(staging);
      markUnlabelledImagesDecorative(staging);
      container.current.replaceChildren(...staging.childNodes);
      onReady();
    })().catch((error: unknown) => {
      if (!abort.signal.aborted) onError(error);
    });
    return () => abort.abort();
  }, [url, onReady, onError]);

  // Focusable, so a keyboard can scroll a document longer than its box.
  return <div ref={container} className="docx-viewer" role="document" aria-label={label} tabIndex={0} />;
}
