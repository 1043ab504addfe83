import { useEffect } from 'react';
import { formatDocumentTitle } from '../components/use-document-title';

/** Shown instead of the app when /config.json cannot be loaded: nothing else can work without it. */
export function ConfigErrorScreen({ reason }: { reason: string }) {
  useEffect(() => {
    document.title = formatDocumentTitle('Could not start');
  }, []);
  return (
    <main id="main" className="page" tabIndex={-1}>
      <h1>The app could not start</h1>
      <div className="alert alert-error" role="alert">
        <span>Its configuration could not be loaded. {reason}</span>
      </div>
      <p>Check that the server is running, then try again.</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>
  );
}
