// /admin/classes/:classId/login-slips: one slip per student to cut out and hand over: name, e-mail, where to sign in,
// and the temporary password when this tab was shown it (right after inviting or resending); otherwise the slip says
// where the password is. Printed with the browser's Print (the sheet's own print styles drop the app around it).
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { LoadError } from '../../components/load-error';
import { useDocumentTitle } from '../../components/use-document-title';
import { useClassRoster, useAdminClass } from '@web/api/rosters';
import { temporaryPasswordOf } from '../people';
import './login-slips.css';
import { QueryView } from '@web/components/query-view';

const STUDENT_SIGN_IN_PATH = '/student-login';
const LOADING_SLIPS = 'Loading students...';

export default function LoginSlipsPage() {
  const { classId = '' } = useParams();
  const schoolClass = useAdminClass(classId);
  const roster = useClassRoster(classId);
  useDocumentTitle(schoolClass.data ? `Login slips: ${schoolClass.data.className}` : 'Login Slips');
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = roster;
  // A sheet holds the whole class: every page of the roster is read.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const students = roster.data?.pages.flatMap((page) => page.students) ?? [];
  const signInUrl = `${window.location.origin}${STUDENT_SIGN_IN_PATH}`;

  return (
    <div className="login-slips">
      <div className="login-slips-tools">
        <Link to={`/admin/classes/${classId}`} className="back-link">
          ← Back to the class
        </Link>
        <h1>Login slips{schoolClass.data && `: ${schoolClass.data.className}`}</h1>
        <p className="muted">
          One slip per student. Temporary passwords appear only for people invited or sent a new invitation in this tab
          since it was opened; the others have theirs by e-mail, or already chose their own.
        </p>
        <button type="button" className="button" disabled={students.length === 0 || hasNextPage} onClick={() => window.print()}>
          Print Slips
        </button>
      </div>
      {/* A slip names its class: the sheet waits for the class and then for every student. */}
      <QueryView query={schoolClass} loading={LOADING_SLIPS} error={(error) => <LoadError what="Could not load the class" error={error} />}>
        {({ className }) => (
          <QueryView
            query={roster}
            loading={LOADING_SLIPS}
            error={(error) => <LoadError what="Could not load the students" error={error} />}
            pending={hasNextPage}
            empty={{ when: () => students.length === 0, show: <Alert tone="info">No students are enrolled in this class yet.</Alert> }}
          >
            {() => (
              <ul className="login-slip-sheet" aria-label="Login slips">
                {students.map((student) => {
                  const password = student.email ? temporaryPasswordOf(student.email) : undefined;
                  return (
                    <li key={student.userId} className="login-slip">
                      <p className="login-slip-name">{student.name}</p>
                      <dl>
                        <dt>Class</dt>
                        <dd>{className}</dd>
                        <dt>E-mail</dt>
                        <dd>{student.email || 'none on file'}</dd>
                        <dt>Sign in at</dt>
                        <dd>{signInUrl}</dd>
                        <dt>Temporary password</dt>
                        <dd>{password ? <code className="temporary-password">{password}</code> : 'sent by e-mail, or already changed'}</dd>
                      </dl>
                    </li>
                  );
                })}
              </ul>
            )}
          </QueryView>
        )}
      </QueryView>
    </div>
  );
}
