// The in-memory world for use-case and handler tests: every resource's fake (functions/src/<resource>/fakes/) wired
// together as the composition root wires the table's adapters, so the fakes that share the table's items (a class's
// deletion removes its progress, progress reads the attempts' scores) see each other.
import { reportBudget } from '../../src/platform/report-budget';
import { InMemoryAttemptStore, InMemoryCheckStore } from '../../src/checks/fakes/check-stores';
import { InMemoryClassStore } from '../../src/classes/fakes/class-store';
import { FixedClock, RecordingLog, SequentialIds } from '../../src/kernel/fakes/clock-ids-log';
import { InMemoryFileReferenceStore, InMemoryModuleStore } from '../../src/modules/fakes/module-stores';
import { InMemoryNoticeStore } from '../../src/notifications/fakes/notice-store';
import { InMemoryAuditLog, InMemoryPeopleIndex } from '../../src/people/fakes/people';
import { InMemoryPathOverrideStore } from '../../src/paths/fakes/path-override-store';
import { InMemoryProgressStore } from '../../src/progress/fakes/progress-store';
import { InMemoryReportRowStore } from '../../src/reports/fakes/report-row-store';
import { RecordingScoreReporter } from '../../src/lti/fakes/score-reporting';
import { InMemoryFileStore, InMemoryUploadStore } from '../../src/uploads/fakes/upload-stores';

/** Every port, in memory, wired together: what each service factory takes. */
export function inMemoryPorts() {
  const attempts = new InMemoryAttemptStore();
  const progress = new InMemoryProgressStore(attempts);
  const classes = new InMemoryClassStore({ progress });
  progress.enrolledNow = (classId, studentId) => classes.hasEnrolment(classId, studentId);
  attempts.progress = progress;
  const files = new InMemoryFileStore();
  const overrides = new InMemoryPathOverrideStore();
  return {
    checks: new InMemoryCheckStore(attempts),
    attempts,
    modules: new InMemoryModuleStore(),
    classes,
    rosters: classes,
    progress,
    notices: new InMemoryNoticeStore(progress),
    people: new InMemoryPeopleIndex(),
    overrides,
    reportRows: new InMemoryReportRowStore(progress, overrides, (classId, studentId) => classes.hasEnrolment(classId, studentId)),
    scoreReporter: new RecordingScoreReporter(),
    audit: new InMemoryAuditLog(),
    files,
    links: files,
    uploads: new InMemoryUploadStore(),
    fileReferences: new InMemoryFileReferenceStore(),
    clock: new FixedClock(),
    ids: new SequentialIds(),
    log: new RecordingLog(),
    budget: reportBudget,
  };
}
export type InMemoryPorts = ReturnType<typeof inMemoryPorts>;

/** Empties every store and rewinds the clock and the ids, keeping the same objects (services hold on to them). */
export function resetPorts(ports: InMemoryPorts): void {
  ports.modules.clear();
  ports.classes.clear();
  ports.progress.clear();
  ports.checks.clear();
  ports.attempts.clear();
  ports.notices.clear();
  ports.people.copies.clear();
  ports.overrides.clear();
  ports.reportRows.clear();
  ports.scoreReporter.changes.length = 0;
  ports.audit.entries.length = 0;
  ports.files.clear();
  ports.uploads.clear();
  ports.fileReferences.clear();
  ports.clock.set(FixedClock.START);
  ports.ids.reset();
  ports.log.warnings.length = 0;
}

/** Everything stored, to show that a refused request changed nothing. */
export const storedState = (ports: InMemoryPorts) => ({
  modules: ports.modules.all(),
  classes: ports.classes.all(),
  progress: ports.progress.all(),
  checks: ports.checks.all(),
  attempts: ports.attempts.all(),
  scores: ports.attempts.allScores(),
  audit: [...ports.audit.entries],
  files: ports.files.keys(),
  fileReferences: ports.fileReferences.all(),
  uploads: ports.uploads.all(),
  nudges: ports.notices.allNudges(),
  overrides: ports.overrides.all(),
});
