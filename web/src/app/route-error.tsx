// Shown when a page throws while rendering or its code cannot be loaded (e.g. after a new deployment).
import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useEffect } from 'react';
import { formatDocumentTitle } from '../components/use-document-title';
import { isChunkLoadError } from './page-error-boundary';

export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    document.title = formatDocumentTitle('Something went wrong');
  }, [error]);
  const chunkFailed = isChunkLoadError(error);
  return (
    <main id="main" className="page" tabIndex={-1}>
      <h1>Something went wrong</h1>
      <p>
        {chunkFailed
          ? 'Part of the app could not be loaded. It may have been updated; reloading usually fixes this.'
          : isRouteErrorResponse(error)
            ? `The page could not be shown (${error.status}).`
            : 'The page could not be shown because of an unexpected error.'}
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="button button-secondary" reloadDocument>
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
