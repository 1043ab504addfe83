// /admin/rosters: rosters from the school's information system. The admin uploads a OneRoster package (a zip, through
// the upload routes), previews what it would change, applies it (the package's administrators become Admins only when
// ticked), and reads the history of runs, the nightly sync's included.
import { useState } from 'react';
import type { OneRosterAnswer, OneRosterRunSummary } from '@shared/contract/rosters';
import { ROSTER_PACKAGE_TYPE } from '@shared/content-type';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { LoadError } from '../../components/load-error';
import { QueryView } from '@web/components/query-view';
import { useDocumentTitle } from '../../components/use-document-title';
import { useLogError } from '../../lib/use-log-error';
import { useImportOneRoster, useOneRosterRuns } from '@web/api/rosters';
import { isUploadBusy, UploadProgress, useFileUpload } from '../uploads';
import '../people/people.css';

const TITLE = 'Rosters from your information system';
const ACCEPT = `.${ROSTER_PACKAGE_TYPE.extension},${ROSTER_PACKAGE_TYPE.mediaType}`;
const RECORDS = ['users', 'classes', 'enrollments'] as const;
const CHANGES = ['create', 'update', 'delete', 'unchanged'] as const;

export default function RostersSyncPage() {
  useDocumentTitle(TITLE);
  const upload = useFileUpload();
  const [contentUrl, setContentUrl] = useState<string | null>(null);
  const [importAdministrators, setImportAdministrators] = useState(false);
  const [outcome, setOutcome] = useState<{ mode: 'preview' | 'apply'; answer: OneRosterAnswer } | null>(null);
  const run = useImportOneRoster();
  const uploading = isUploadBusy(upload.status);

  const choose = async (file: File | null) => {
    setContentUrl(null);
    setOutcome(null);
    run.reset();
    if (!file) return upload.reset();
    const stored = await upload.start(file);
    if (stored) setContentUrl(stored.contentUrl);
  };

  const send = (mode: 'preview' | 'apply') =>
    contentUrl &&
    run.mutate({ contentUrl, mode, ...(mode === 'apply' ? { importAdministrators } : {}) }, { onSuccess: (answer) => setOutcome({ mode, answer }) });

  return (
    <>
      <h1>{TITLE}</h1>
      <p className="muted">
        Upload the OneRoster package (a .zip) your student information system exports. Preview shows what it would change;
        Apply makes the changes. Applying the same package again changes nothing.
      </p>
      <section className="card admin-panel" aria-labelledby="package-heading">
        <h2 id="package-heading">Package</h2>
        <Field
          id="oneroster-package"
          label="OneRoster package (.zip)"
          type="file"
          accept={ACCEPT}
          disabled={uploading || run.isPending}
          onChange={(event) => void choose(event.target.files?.[0] ?? null)}
        />
        {upload.status !== 'idle' && <UploadProgress upload={upload} />}
        <div className="field">
          <label className="checkbox-field">
            {/* The words the import's skipped-row message asks the admin to tick. */}
            <input type="checkbox" checked={importAdministrators} onChange={(event) => setImportAdministrators(event.target.checked)} />{' '}
            Administrators become Admins
          </label>
        </div>
        <div className="person-actions">
          <button type="button" className="button button-secondary" disabled={!contentUrl || run.isPending} onClick={() => send('preview')}>
            Preview
          </button>
          <button type="button" className="button" disabled={!contentUrl || run.isPending} onClick={() => send('apply')}>
            {run.isPending && run.variables.mode === 'apply' ? 'Applying...' : 'Apply'}
          </button>
        </div>
        {run.error && <Alert tone="error">{run.error.message}</Alert>}
        {outcome && (
          <div role="status">
            <h3>{outcome.mode === 'preview' ? 'Preview: nothing has changed yet' : 'Applied'}</h3>
            <Counts answer={outcome.answer} caption={outcome.mode === 'preview' ? 'What applying would change' : 'What was changed'} />
            <Errors errors={outcome.answer.errors} total={outcome.answer.errors.length} />
          </div>
        )}
      </section>
      <History />
    </>
  );
}

function Counts({ answer, caption }: { answer: Pick<OneRosterAnswer, 'counts'>; caption: string }) {
  // Scrolls in its own box on a narrow screen rather than the page sideways.
  return (
    <div className="admin-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="admin-table">
        <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Records</th>
          {CHANGES.map((change) => (
            <th key={change} scope="col">
              {change}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {RECORDS.map((record) => (
          <tr key={record}>
            <th scope="row">{record}</th>
            {CHANGES.map((change) => (
              <td key={change}>{answer.counts[record][change]}</td>
            ))}
          </tr>
        ))}
      </tbody>
      </table>
    </div>
  );
}

function Errors({ errors, total }: { errors: OneRosterAnswer['errors']; total: number }) {
  if (total === 0) return <p className="muted">No rows were skipped.</p>;
  return (
    <>
      <p>{total === 1 ? '1 row was skipped:' : `${total} rows were skipped${total > errors.length ? `; the first ${errors.length}` : ''}:`}</p>
      <ul aria-label="Skipped rows">
        {errors.map((error, index) => (
          <li key={`${error.file}-${error.line}-${index}`}>
            {error.file}, line {error.line}: {error.message}
          </li>
        ))}
      </ul>
    </>
  );
}

function History() {
  const runs = useOneRosterRuns();
  useLogError(runs.error, 'Loading the OneRoster runs failed');
  return (
    <section aria-labelledby="runs-heading">
      <h2 id="runs-heading">History</h2>
      <QueryView
        query={runs}
        loading="Loading the runs..."
        error={(error) => <LoadError what="Could not load the runs" error={error} />}
        empty={{ when: (data) => data.runs.length === 0, show: <p className="empty-state">No package previewed or applied yet.</p> }}
      >
        {(data) => (
          <ul className="people-list" aria-label="Runs">
            {data.runs.map((each) => (
              <Run key={each.runId} run={each} />
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

function Run({ run }: { run: OneRosterRunSummary }) {
  const when = new Date(run.at).toLocaleString();
  const what = `${run.mode === 'apply' ? 'Applied' : 'Previewed'} ${run.source === 'bucket' ? 'by the nightly sync' : `by ${run.by}`}`;
  return (
    <li className="card">
      <p>
        <strong>{what}</strong> <span className="muted">{when}</span>
      </p>
      <Counts answer={run} caption={`${what}, ${when}`} />
      <Errors errors={run.errors} total={run.errorCount} />
    </li>
  );
}
