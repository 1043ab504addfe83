// Catches what a page throws while loading or rendering, inside the layout: the header and footer stay, so the
// teacher can go elsewhere. A page whose code could not be fetched (offline, or a deployment replaced the hashed
// files) offers Retry, which reloads the app: only a reload picks up new file names, and drafts are kept in the
// tab's storage. Reset on navigation, so another page is tried afresh.
import { Component, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { formatDocumentTitle } from '../components/use-document-title';
import { useOnline } from '../components/use-online';

/** The messages browsers and vite give a dynamic import or a CSS preload that failed. */
export const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Loading chunk|Unable to preload CSS|error loading dynamically/i.test(error.message);

interface BoundaryState {
  error: unknown;
  hasError: boolean;
}

class ErrorBoundary extends Component<{ children: ReactNode; fallback: (error: unknown) => ReactNode }, BoundaryState> {
  state: BoundaryState = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, hasError: true };
  }

  render() {
    return this.state.hasError ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname} fallback={(error) => <PageError error={error} />}>
      {children}
    </ErrorBoundary>
  );
}

function PageError({ error }: { error: unknown }) {
  const online = useOnline();
  const chunkFailed = isChunkLoadError(error);
  useEffect(() => {
    console.error(error);
    document.title = formatDocumentTitle(chunkFailed ? 'Page not loaded' : 'Something went wrong');
  }, [error, chunkFailed]);
  return (
    <div className="page-error">
      <h1>{chunkFailed ? 'This page could not be loaded' : 'Something went wrong'}</h1>
      <p>
        {chunkFailed
          ? online
            ? 'Part of the app could not be downloaded: the connection dropped or the app was updated. Try again.'
            : 'You are offline. Try again when the connection is back.'
          : 'The page could not be shown because of an unexpected error.'}
      </p>
      <button type="button" className="button" onClick={() => window.location.reload()} disabled={chunkFailed && !online}>
        {chunkFailed ? 'Retry' : 'Reload'}
      </button>
    </div>
  );
}
