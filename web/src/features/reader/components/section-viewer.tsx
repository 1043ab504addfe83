// The file of one section, rendered in the page by the viewer for its type, with its states:
// loading, rendered, unsupported, too large or failed (the fallback panel). A link the bucket refuses (expired while
// the page was open) is signed again once and the file opened with the fresh link. The viewers' own code is small and
// comes with the reader, so their toolbar and frame take their final size at once; each loads its renderer (pdf.js,
// the office converters) on first use.
import { Component, useCallback, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { ContentType } from '@shared/content-type';
import type { Section } from '@shared/contract/modules';
import { Loading } from '@web/components/loading';
import { isRefusedLink, isTooLarge } from '../utils/fetch-file';
import DocxViewer from '../viewers/docx-viewer';
import PdfViewer from '../viewers/pdf-viewer';
import PptxViewer from '../viewers/pptx-viewer';
import type { ViewerProps } from '../viewers/viewer-props';
import { FileFallback } from './file-fallback';

const VIEWERS: Partial<Record<ContentType, ComponentType<ViewerProps>>> = {
  PDF: PdfViewer,
  WORD: DocxViewer,
  PPT: PptxViewer,
};

interface SectionViewerProps {
  section: Section;
  /** Signs the section's link again (reads the module again) and answers the fresh link. */
  renewLink: () => Promise<string | undefined>;
  /** The page or slide shown changed (the student's reading is reported). */
  onPageChange?: (page: number) => void;
}

type Status = 'loading' | 'rendered' | 'too-large' | 'failed';

export function SectionViewer({ section, renewLink, onPageChange }: SectionViewerProps) {
  // The page the file opens at: where the student was when the viewer first showed it (a later report does not move it).
  const [initialPage] = useState(section.lastPage);
  // The link the viewer opened; a background refresh of the module's links does not reopen the file.
  const [url, setUrl] = useState(section.downloadUrl);
  const [status, setStatus] = useState<Status>('loading');
  const Viewer = VIEWERS[section.contentType];
  // Stable callbacks: a viewer reopens its file when they change.
  const renewed = useRef(false);
  const renew = useRef(renewLink);
  renew.current = renewLink;
  const opened = useRef(url);
  opened.current = url;

  const onReady = useCallback(() => setStatus('rendered'), []);
  const onError = useCallback((error: unknown) => {
    if (isRefusedLink(error) && !renewed.current) {
      renewed.current = true;
      renew.current().then(
        // The same link again would be refused again.
        (fresh) => (fresh && fresh !== opened.current ? setUrl(fresh) : setStatus('failed')),
        () => setStatus('failed'),
      );
      return;
    }
    if (isTooLarge(error)) return setStatus('too-large');
    console.error('Showing the file failed:', error);
    setStatus('failed');
  }, []);

  if (!Viewer) return <FileFallback section={section} downloadUrl={section.downloadUrl} reason="unsupported" />;
  if (!url || status === 'failed' || status === 'too-large') {
    return <FileFallback section={section} downloadUrl={section.downloadUrl} reason={status === 'too-large' ? 'too-large' : 'failed'} />;
  }
  return (
    <div className="section-viewer" aria-busy={status === 'loading'}>
      {/* Over the viewer's frame, not above it: its going moves nothing. */}
      {status === 'loading' && <Loading label="Loading file..." />}
      <ViewerBoundary onError={onError}>
        <Viewer key={url} url={url} label={section.title} onReady={onReady} onError={onError} initialPage={initialPage} onPageChange={onPageChange} />
      </ViewerBoundary>
    </div>
  );
}

/** A renderer that throws while rendering (or a chunk that fails to load) ends in the fallback panel, not a blank page. */
class ViewerBoundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
