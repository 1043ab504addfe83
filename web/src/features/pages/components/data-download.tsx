// "Download my data" on the profile: the API writes a zip of everything the school keeps about the person and answers
// a link that works for a few minutes, which the person then saves.
import type { DataExport } from '@shared/contract/data-export';
import { useExportOwnData } from '@web/api/data-export';
import { Alert } from '@web/components/alert';

export const DATA_DOWNLOAD_MESSAGES = {
  failed: 'Failed to prepare your data.',
  ready: (answer: DataExport) =>
    `Your data is ready. The link works until ${new Date(answer.expiresAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}.`,
} as const;

export function DataDownload() {
  const exportOwn = useExportOwnData();
  return (
    <section className="card profile-card" aria-labelledby="data-heading">
      <h2 id="data-heading">Your data</h2>
      <p className="muted">A copy of everything the school keeps about you: your classes, progress, check attempts and answers, reading and notices, as JSON and CSV files in one zip.</p>
      {exportOwn.isError && (
        <Alert tone="error" onDismiss={() => exportOwn.reset()}>
          {exportOwn.error.message || DATA_DOWNLOAD_MESSAGES.failed}
        </Alert>
      )}
      {exportOwn.data && (
        <Alert tone="success">
          {DATA_DOWNLOAD_MESSAGES.ready(exportOwn.data)}{' '}
          <a href={exportOwn.data.url} download={exportOwn.data.fileName}>
            Save {exportOwn.data.fileName}
          </a>
        </Alert>
      )}
      <button type="button" className="button" disabled={exportOwn.isPending} onClick={() => exportOwn.mutate()}>
        {exportOwn.isPending ? 'Preparing your data...' : 'Download my data'}
      </button>
    </section>
  );
}
