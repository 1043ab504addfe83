// /admin-dashboard: the school at a glance (people by role and status, classes, modules, classes missing a teacher
// or students) and the latest admin changes, newest first.
import { Link } from 'react-router-dom';
import { displayName } from '@shared/person-name';
import { ROLES } from '@shared/roles';
import { SECOND_FACTOR_REQUIRED_MESSAGE } from '@shared/second-factor';
import { LoadError, SecondFactorPrompt } from '../../components/load-error';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { needsSecondFactor } from '../../lib/api-client';
import { useSecondFactorOn } from '@web/api/second-factor';
import { useCurrentUser } from '../../lib/auth';
import { useLogError } from '../../lib/use-log-error';
import { StatCard } from '@web/components/stat-card';
import type { AdminOverview } from '@shared/contract/people';
import { useAdminOverview } from '@web/api/people';
import { ROLE_PLURAL } from '@web/lib/people-labels';
import { AuditLine } from './audit-line';
import { SchoolSignInDomains } from './school-sign-in-domains';
import { QueryView } from '@web/components/query-view';
import '../dashboard/dashboard.css';
import '../people/people.css';


export default function AdminDashboardPage() {
  useDocumentTitle('Admin Dashboard');
  const user = useCurrentUser();
  const secondFactor = useSecondFactorOn();
  // Not asked before two-factor is known to be on: the API would refuse it (a reading of it that fails asks anyway,
  // and the API's answer decides).
  const askable = secondFactor.data === true || secondFactor.isError;
  const overview = useAdminOverview({ enabled: askable });
  // A reading being refreshed (two-factor just turned on in the profile) decides nothing until it is in.
  const withoutSecondFactor = (secondFactor.data === false && !secondFactor.isFetching) || needsSecondFactor(overview.error);
  useLogError(overview.error, 'Loading the overview failed');

  return (
    <div className="dashboard">
      <h1>Welcome back, {displayName(user)}!</h1>
      <p className="muted">
        Your school at a glance. <Link to="/admin/people">Manage people</Link>, <Link to="/admin/classes">manage classes</Link>,{' '}
        <Link to="/admin/rosters">import rosters from your information system</Link> or <Link to="/admin/lti">connect an LMS</Link>.
      </p>
      {/* Figures of nothing would mislead: an admin without two-factor authentication sees only the way to turn it on. */}
      {withoutSecondFactor ? (
        <SecondFactorPrompt message={SECOND_FACTOR_REQUIRED_MESSAGE} />
      ) : (
        // Empty cards and "No changes yet." would read as figures: a refusal or failure shows alone. Until the figures
        // are in, the same overview holds its boxes (and the school sign-in section in it keeps its place and state).
        <QueryView query={overview} loading={<SchoolOverview askable={askable} />} error={(error) => <LoadError what="Could not load the figures" error={error} />}>
          {(figures) => <SchoolOverview figures={figures} askable={askable} />}
        </QueryView>
      )}
    </div>
  );
}

/** The figures and the latest changes (placeholders until `figures` are in), and the school sign-in domains. */
function SchoolOverview({ figures, askable }: { figures?: AdminOverview; askable: boolean }) {
  const count = (pick: (answer: AdminOverview) => number) => (figures ? pick(figures) : undefined);
  return (
    <>
      <section aria-labelledby="people-figures-heading">
        <h2 id="people-figures-heading">People</h2>
        <dl className="stats">
          {ROLES.map((role) => (
            <StatCard
              key={role}
              label={ROLE_PLURAL[role]}
              value={count((answer) => answer.people[role].active + answer.people[role].invited + answer.people[role].disabled)}
              hint={
                figures &&
                `${figures.people[role].active} active, ${figures.people[role].invited} invited, ${figures.people[role].disabled} disabled`
              }
            />
          ))}
        </dl>
      </section>

      <section aria-labelledby="school-figures-heading">
        <h2 id="school-figures-heading">Classes and modules</h2>
        <dl className="stats">
          <StatCard label="Classes" value={count((answer) => answer.classes.total)} />
          <StatCard label="Modules" value={count((answer) => answer.modules)} />
          <StatCard label="Classes without a teacher" value={count((answer) => answer.classes.withoutTeacher)} />
          <StatCard label="Classes without students" value={count((answer) => answer.classes.withoutStudents)} />
        </dl>
      </section>

      <section className="card" aria-labelledby="changes-heading">
        <h2 id="changes-heading">Recent changes</h2>
        {!figures ? (
          <Loading label="Loading changes..." />
        ) : figures.recentChanges.length > 0 ? (
          <ol className="audit-list">
            {figures.recentChanges.map((entry) => (
              <AuditLine key={`${entry.at}-${entry.subject}-${entry.action}`} entry={entry} />
            ))}
          </ol>
        ) : (
          <p className="empty-state">No changes yet.</p>
        )}
        <Link to="/admin/audit">See every change</Link>
      </section>
      <SchoolSignInDomains enabled={askable} />
    </>
  );
}
