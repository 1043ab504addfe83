// "Export scores (OneRoster)" on the class report: the API writes the class's gradebook zip (each student's best
// score per check, under the information system's ids where the class came from it) and answers a link that works
// for 15 minutes; the browser downloads it at once, and the link stays offered in case the download was blocked.
import { useExportOneRosterScores } from '@web/api/reports';
import { Alert } from '@web/components/alert';
import { downloadFrom } from '@web/lib/download-csv';
import { useOneAtATime } from '@web/lib/use-one-at-a-time';

export const ONEROSTER_EXPORT_MESSAGES = {
  button: 'Export scores (OneRoster)',
  pending: 'Preparing scores...',
  failed: 'Could not export the scores; try again.',
  ready: (expiresAt: string) =>
    `Scores exported for your information system. If the download did not start, the link works until ${new Date(expiresAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}:`,
} as const;

export function OneRosterScoresExport({ classId }: { classId: string }) {
  const exportScores = useExportOneRosterScores();
  const oneAtATime = useOneAtATime();
  const start = () =>
    oneAtATime((settled) => exportScores.mutate(classId, { onSuccess: (answer) => downloadFrom(answer.url, answer.fileName), onSettled: settled }));
  return (
    <div className="report-oneroster-export">
      <button type="button" className="button button-secondary" disabled={exportScores.isPending} onClick={start}>
        {exportScores.isPending ? ONEROSTER_EXPORT_MESSAGES.pending : ONEROSTER_EXPORT_MESSAGES.button}
      </button>
      {exportScores.isError && (
        <Alert tone="error" onDismiss={() => exportScores.reset()}>
          {exportScores.error.message || ONEROSTER_EXPORT_MESSAGES.failed}
        </Alert>
      )}
      {exportScores.data && (
        <Alert tone="success">
          {ONEROSTER_EXPORT_MESSAGES.ready(exportScores.data.expiresAt)}{' '}
          <a href={exportScores.data.url} download={exportScores.data.fileName}>
            Save {exportScores.data.fileName}
          </a>
        </Alert>
      )}
    </div>
  );
}
