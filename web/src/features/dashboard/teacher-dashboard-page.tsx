// /teacher-dashboard: real numbers, the first classes and the most recently updated modules.
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DASHBOARD_CLASS_COUNT, DASHBOARD_MODULE_COUNT } from '@shared/constants';
import { Alert } from '../../components/alert';
import { useDocumentTitle } from '../../components/use-document-title';
import { useFlashMessage } from '../../lib/flash-message';
import { displayName } from '@shared/person-name';
import { useCurrentUser } from '../../lib/auth';
import { useLogError } from '../../lib/use-log-error';
import { useTeacherClasses } from '@web/api/classes';
import { studentCount } from '@web/lib/count-label';
import { useModules } from '@web/api/modules';
import { byUpdatedDesc } from '@web/lib/module-order';
import { UpdatedDate } from '@web/components/updated-date';
import { useClassCompletions } from '@web/api/reports';
import { averageBestPercent } from '@shared/score-totals';
import { StatCard } from '@web/components/stat-card';
import { ENGAGEMENT_DEFINITION, engagementShare } from './components/engagement';
import { countDistinctStudents } from './components/teacher-stats';
import './dashboard.css';
import { QueryView } from '@web/components/query-view';

const NO_CLASSES = 'You are not assigned to any classes yet.';
const NO_MODULES = "You haven't created any modules yet.";
/** Without an id the classes cannot be asked for: shown as a failure rather than loading for ever. */
const NO_TEACHER_ID = { data: undefined, error: new Error('No teacher id to ask for the classes with') };

export default function TeacherDashboardPage() {
  useDocumentTitle('Teacher Dashboard');
  const user = useCurrentUser();
  const { userId } = user;
  const classes = useTeacherClasses(userId);
  const classesFailed = classes.isError || !userId;
  const modules = useModules();
  // One small answer per class (its counters and its students active in the last 7 days), never the class's report.
  const reports = useClassCompletions(classes.data?.map((each) => each._id) ?? []);
  const [flash, clearFlash, nextSteps] = useFlashMessage();

  useLogError(classes.error, 'Loading the classes failed');
  useLogError(modules.error, 'Loading the modules failed');

  const reportsFailed = reports.some((report) => report.isError);
  const reportsReady = classes.isSuccess && reports.every((report) => report.isSuccess);
  const share = reportsReady ? engagementShare(classes.data, reports.map((report) => report.data!)) : null;
  // The server's figure: completed required sections over every student's required ones (never all sections).
  const completionOf = new Map(reports.flatMap((report) => (report.data ? [[report.data.classId, report.data.averagePercentage] as const] : [])));

  return (
    <div className="dashboard">
      <h1>Welcome back, {displayName(user)}!</h1>
      <p className="muted">Here is how your classes and modules are doing.</p>
      {flash && (
        <Alert tone="success" onDismiss={clearFlash}>
          <span>{flash}</span>
          {nextSteps.length > 0 && (
            <span className="flash-next">
              {' Next: '}
              {nextSteps.map((step, index) => (
                <Fragment key={step.to}>
                  {index > 0 && ' or '}
                  <Link to={step.to}>{step.label}</Link>
                </Fragment>
              ))}
              .
            </span>
          )}
        </Alert>
      )}

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="visually-hidden">
          Overview
        </h2>
        <dl className="stats">
          <StatCard
            label="Total Students"
            value={classes.data ? countDistinctStudents(classes.data) : classesFailed ? '—' : undefined}
            hint="Across all your classes"
          />
          <StatCard
            label="Active Modules"
            value={modules.data ? modules.data.length : modules.isError ? '—' : undefined}
            hint="In your library"
          />
          <StatCard label="Avg. Score" {...averageScoreCard(classesFailed || reportsFailed, reportsReady, reports.map((report) => report.data?.scores))} />
          <StatCard label="Avg. Engagement" {...engagement(classesFailed || reportsFailed, reportsReady, share)} />
        </dl>
      </section>

      <div className="dashboard-panels">
        <section className="card dashboard-panel" aria-labelledby="classes-heading">
          <div className="panel-heading">
            <h2 id="classes-heading">My Classes</h2>
            <Link to="/teacher-classes">View all classes</Link>
          </div>
          <PanelBody rows={DASHBOARD_CLASS_COUNT}>
            <QueryView
              query={userId ? classes : NO_TEACHER_ID}
              loading="Loading classes..."
              error="Could not load classes."
              empty={{ when: (data) => data.length === 0, show: <p className="muted">{NO_CLASSES}</p> }}
            >
              {(data) => (
                <ul className="panel-list">
                  {data.slice(0, DASHBOARD_CLASS_COUNT).map((each) => (
                    <li key={each._id}>
                      <Link to={`/teacher-classes/${each._id}`}>{each.className}</Link>
                      <span className="muted">
                        {studentCount(each.studentIds.length)}
                        {completionOf.has(each._id) && ` · ${completionOf.get(each._id)}% complete`}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </QueryView>
          </PanelBody>
        </section>

        <section className="card dashboard-panel" aria-labelledby="modules-heading">
          <div className="panel-heading">
            <h2 id="modules-heading">My Modules Library</h2>
            <Link to="/teacher-modules">View all modules</Link>
          </div>
          <PanelBody rows={DASHBOARD_MODULE_COUNT}>
            <QueryView
              query={modules}
              loading="Loading modules..."
              error="Could not load modules."
              empty={{ when: (data) => data.length === 0, show: <p className="muted">{NO_MODULES}</p> }}
            >
              {(data) => (
                <ul className="panel-list">
                  {[...data]
                    .sort(byUpdatedDesc)
                    .slice(0, DASHBOARD_MODULE_COUNT)
                    .map((module) => (
                      <li key={module._id}>
                        <Link to={`/teacher-modules/${module._id}`}>{module.title}</Link>
                        <span className="muted">
                          <UpdatedDate iso={module.updatedAt} />
                        </span>
                      </li>
                    ))}
                </ul>
              )}
            </QueryView>
          </PanelBody>
          <Link to="/create-module" className="button panel-action">
            Create New Module
          </Link>
        </section>
      </div>
    </div>
  );
}

/**
 * Holds the height of a full list (rows have a fixed height) whatever is shown, so the loading line, a short list or
 * the empty text never move what follows when the data arrives.
 */
function PanelBody({ rows, children }: { rows: number; children: ReactNode }) {
  return (
    <div className="panel-body" style={{ '--panel-rows': rows } as CSSProperties}>
      {children}
    </div>
  );
}

const AVERAGE_SCORE_DEFINITION = "Mean of each student's best score on every check in your classes";

/** Avg. Score: the mean of each student's best percent per check over the teacher's classes; "—" before any attempt. */
function averageScoreCard(failed: boolean, ready: boolean, totals: Parameters<typeof averageBestPercent>[0]) {
  if (failed) return { value: '—', hint: 'Could not load scores' };
  if (!ready) return { value: undefined, hint: AVERAGE_SCORE_DEFINITION };
  const average = averageBestPercent(totals);
  if (average === null) return { value: '—', hint: 'No scored activities yet' };
  return { value: `${average}%`, hint: AVERAGE_SCORE_DEFINITION };
}

/** Engagement: the share of enrolled students active in the last 7 days; the hint under the figure defines it. */
function engagement(failed: boolean, ready: boolean, share: number | null) {
  if (failed) return { value: '—', hint: 'Could not load progress' };
  if (!ready) return { value: undefined, hint: ENGAGEMENT_DEFINITION };
  if (share === null) return { value: '—', hint: 'No students in your classes yet' };
  return { value: `${share}%`, hint: ENGAGEMENT_DEFINITION };
}
