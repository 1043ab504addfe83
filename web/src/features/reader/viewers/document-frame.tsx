// Where the office viewers show what their renderer made of a file: the app's empty document page
// (DOCUMENT_FRAME_PATH) in a frame that runs no script, under its own CSP. The viewer fills it from outside, so the
// renderer's `<style>` blocks and inline styles (from the file, untrusted) apply inside the frame only: they cannot
// hide, restyle or cover the reader's controls, and the app's own CSP allows no inline style at all.
import type { CSSProperties, Ref } from 'react';
import { DOCUMENT_FRAME_PATH } from '@shared/security-headers';

/**
 * Same origin, so the app can fill it; no `allow-scripts`, so nothing in it runs; links the reader kept (http(s),
 * target _blank, noopener) open in a new tab as a normal page.
 */
const SANDBOX = 'allow-same-origin allow-popups allow-popups-to-escape-sandbox';

interface DocumentFrameProps {
  ref: Ref<HTMLIFrameElement>;
  /** Names the frame (and so the document in it) for assistive technology. */
  label: string;
  className: string;
  style?: CSSProperties;
}

export function DocumentFrame({ ref, label, className, style }: DocumentFrameProps) {
  return <iframe ref={ref} src={DOCUMENT_FRAME_PATH} sandbox={SANDBOX} title={label} className={`document-frame ${className}`} style={style} />;
}

/** The frame's document, once the empty page has loaded into it. */
export function frameDocument(frame: HTMLIFrameElement): Promise<Document> {
  return new Promise((resolve, reject) => {
    const loaded = () => {
      const document = frame.contentDocument;
      if (document) resolve(document);
      else reject(new Error('The document frame could not be opened.'));
    };
    const current = frame.contentDocument;
    if (current?.readyState === 'complete' && new URL(current.URL).pathname === DOCUMENT_FRAME_PATH) loaded();
    else frame.addEventListener('load', loaded, { once: true });
  });
}
