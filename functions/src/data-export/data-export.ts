// A person's data, exported (GDPR art. 15, FERPA's right to inspect): everything the school keeps about them or made
// by them, read through each resource's store, as one zip of JSON files (and CSV for the tables a person opens in a
// spreadsheet) written to storage and answered as a short-lived link (docs/decisions/privacy/export-through-storage.md).
// What each item type holds and whether it is exported: functions/src/table/item-types.ts and docs/privacy.md.
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { DataExport } from '@shared/contract/data-export';
import type { Person } from '@shared/contract/people';
import { DOWNLOAD_URL_TTL_SECONDS } from '@shared/constants';
import { dataExportKey } from '@shared/storage';
import type { Caller } from '../kernel/caller';
import { forbidden, notFound } from '../kernel/errors';
import type { Clock, IdGenerator } from '../kernel/ports';
import type { RecordChange } from '../audit/audit';
import type { AuditLog } from '../audit/port';
import type { AttemptStore, CheckStore } from '../checks/port';
import type { ClassRecord, ClassStore } from '../classes/port';
import type { ModuleStore } from '../modules/port';
import type { NoticeStore } from '../notifications/port';
import type { PathOverrideStore } from '../paths/port';
import type { PeopleIndex, PersonAccessStore, UserDirectory } from '../people/port';
import type { ProgressStore } from '../progress/port';
import type { FileReader } from '../uploads/port';
import type { ExportStorage } from './port';

/**
 * The most bytes of a teacher's files one zip carries: the zip is built in the function's memory (512 MB). Files past
 * it are listed in files.json with their module, and stay downloadable from the module as before.
 */
export const EXPORT_FILE_BUDGET_BYTES = 100 * 1024 * 1024;

export interface DataExportPorts {
  directory: UserDirectory;
  people: PeopleIndex;
  access: PersonAccessStore;
  classes: ClassStore;
  progress: ProgressStore;
  attempts: AttemptStore;
  checks: CheckStore;
  overrides: PathOverrideStore;
  notices: NoticeStore;
  audit: AuditLog;
  modules: ModuleStore;
  files: FileReader;
  storage: ExportStorage;
  clock: Clock;
  ids: IdGenerator;
  record: RecordChange;
}

const README = `Your data from the learning platform

profile.json      your account (name, e-mail, role, status) and its security record
classes.json/.csv the classes you are enrolled in, were enrolled in, or teach
progress.json/.csv your progress in each module: sections completed, scores per check, reading (also in classes you left)
reading.csv       how often and how long you read each section's file, and the page you were on
attempts.json/.csv every attempt at a check, with your answers and their results
overrides.json    changes a teacher made to your path through a module (with their reason)
activity.json     the days you were counted active in each class
notices.json      reminders your teachers sent you, modules you finished, when you last read your notices
audit.json/.csv   entries of the school's audit trail made by you or about you
modules.json      the modules you made, with their sections and checks (teachers)
files.json, files/ the files of your modules (teachers)

What we keep, why and for how long: ask your school for the privacy notice (docs/privacy.md of the platform).
`;

/** A CSV table (RFC 4180): a header of the columns, then one line per row; objects are written as JSON. */
function csv<Row extends object>(columns: readonly (keyof Row & string)[], rows: readonly Row[]): string {
  const cell = (value: unknown) => {
    const text = value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [columns, ...rows.map((row): unknown[] => columns.map((column) => row[column]))].map((line) => line.map(cell).join(',')).join('\r\n') + '\r\n';
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
const fileNameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

export function makeDataExport(ports: DataExportPorts) {
  const { directory, people, access, classes, progress, attempts, checks, overrides, notices, audit, modules, files, storage, clock, ids } = ports;

  /** Everything about the student in one class they belong to or left (their records stay there after an unenrolment). */
  async function studentInClass(schoolClass: ClassRecord, studentId: string) {
    const { classId } = schoolClass;
    const [enrolment, records, tries, givenOverrides, activeDays] = await Promise.all([
      classes.getEnrolment(classId, studentId),
      progress.listProgressOfStudentInClass(classId, studentId),
      attempts.listAllAttemptsOfStudent(classId, studentId),
      overrides.listOverridesOfStudentInClass(classId, studentId),
      progress.listActiveDaysOfStudent(classId, studentId),
    ]);
    const moduleIds = [...new Set([...records.map((record) => record.moduleId), ...tries.map((attempt) => attempt.moduleId)])];
    const scores = moduleIds.length ? await attempts.listScoresOfStudents(classId, moduleIds, [studentId]) : [];
    return { schoolClass, enrolment, records, scores, tries, givenOverrides, activeDays };
  }

  /** A teacher's modules, their checks, and as many of their files as the budget holds. */
  async function teacherModules(ownerId: string, zip: Zippable) {
    const owned = await modules.listModulesByOwner(ownerId);
    const summaries = await checks.listCheckSummaries(owned.map((module) => module.moduleId));
    const withChecks = await Promise.all(
      owned.map(async (module) => ({
        ...module,
        checks: (await Promise.all((summaries.get(module.moduleId) ?? []).map((summary) => checks.getCheck(module.moduleId, summary.sectionId)))).filter(Boolean),
      })),
    );
    const listed: { moduleId: string; sectionId: string; key: string; inZip?: string; leftOut?: string }[] = [];
    let budget = EXPORT_FILE_BUDGET_BYTES;
    for (const module of owned) {
      for (const section of module.sections) {
        const entry = { moduleId: module.moduleId, sectionId: section._id, key: section.contentUrl };
        const bytes = budget > 0 ? await files.readFile(section.contentUrl, budget) : 'too-large';
        if (bytes === 'missing') listed.push({ ...entry, leftOut: 'The file is no longer stored.' });
        else if (bytes === 'too-large') listed.push({ ...entry, leftOut: 'Too large for this zip: download it from the module.' });
        else {
          const inZip = `files/${module.moduleId}/${section._id}/${fileNameOf(section.contentUrl)}`;
          // Stored, not deflated: uploaded files (PDF, Office) are compressed already.
          zip[inZip] = [bytes, { level: 0 }];
          budget -= bytes.length;
          listed.push({ ...entry, inZip });
        }
      }
    }
    return { modules: withChecks, files: listed };
  }

  async function build(person: Person): Promise<Uint8Array> {
    const { userId } = person;
    const [copy, accessRecord, studentClassIds, formerClassIds, taught, nudges, finished, readAt, auditEntries] = await Promise.all([
      people.get(userId),
      access.read(userId),
      classes.listClassIdsOfStudent(userId),
      classes.listFormerClassIdsOfStudent(userId),
      classes.listClassesByTeacher(userId),
      notices.listNudges(userId),
      notices.finishedModules(userId),
      notices.getReadAt(userId),
      audit.about(userId, person.email),
    ]);
    const current = new Set(studentClassIds);
    // A class left and joined again is a current one; a class deleted since has no records left (getClasses skips it).
    const [studentClasses, formerClasses] = await Promise.all([
      classes.getClasses(studentClassIds),
      classes.getClasses(formerClassIds.filter((classId) => !current.has(classId))),
    ]);
    const [enrolledIn, leftClasses] = await Promise.all([
      Promise.all(studentClasses.map((schoolClass) => studentInClass(schoolClass, userId))),
      Promise.all(formerClasses.map((schoolClass) => studentInClass(schoolClass, userId))),
    ]);
    const inClasses = [...enrolledIn, ...leftClasses];
    const usedKeys = [...new Map(inClasses.flatMap(({ tries }) => tries).map(({ moduleId, sectionId }) => [`${moduleId}#${sectionId}`, { moduleId, sectionId }])).values()];
    const attemptsUsed = await Promise.all(usedKeys.map(async (key) => ({ ...key, used: await attempts.getAttemptsUsed(key.moduleId, key.sectionId, userId) })));

    const zip: Zippable = {};
    const teacher = await teacherModules(userId, zip);
    const classRows: Record<string, unknown>[] = [
      ...enrolledIn.map(({ schoolClass, enrolment }) => ({ role: 'student', classId: schoolClass.classId, className: schoolClass.className, teacherName: schoolClass.teacherName, enrolledAt: enrolment?.enrolledAt })),
      ...leftClasses.map(({ schoolClass }) => ({ role: 'former student', classId: schoolClass.classId, className: schoolClass.className, teacherName: schoolClass.teacherName })),
      ...taught.map((schoolClass) => ({ role: 'teacher', classId: schoolClass.classId, className: schoolClass.className, teacherName: schoolClass.teacherName, studentCount: schoolClass.studentCount })),
    ];
    const progressRows = inClasses.flatMap(({ records, scores }) =>
      records.map((record) => ({ ...record, checks: scores.find((score) => score.moduleId === record.moduleId)?.bySection ?? {} })),
    );
    const allAttempts = inClasses.flatMap(({ tries }) => tries);
    const readingRows = progressRows.flatMap(({ classId, moduleId, reading = {} }) =>
      Object.entries(reading).map(([sectionId, tally]) => ({ classId, moduleId, sectionId, ...tally })),
    );

    Object.assign(zip, {
      'README.txt': strToU8(README),
      'profile.json': json({ person, directoryCopy: copy, access: accessRecord, exportedAt: clock.now().toISOString() }),
      'classes.json': json({
        asStudent: enrolledIn.map(({ schoolClass, enrolment }) => ({ class: schoolClass, enrolment })),
        asFormerStudent: leftClasses.map(({ schoolClass }) => ({ class: schoolClass })),
        asTeacher: taught,
      }),
      'classes.csv': strToU8(csv(['role', 'classId', 'className', 'teacherName', 'enrolledAt', 'studentCount'], classRows)),
      'progress.json': json(progressRows),
      'progress.csv': strToU8(csv(['classId', 'moduleId', 'completedSections', 'completedAt', 'checks', 'updatedAt', 'lastAttemptAt'], progressRows)),
      'reading.csv': strToU8(csv(['classId', 'moduleId', 'sectionId', 'opened', 'minutes', 'page'], readingRows)),
      'attempts.json': json({ attempts: allAttempts, attemptsUsed }),
      'attempts.csv': strToU8(csv(['classId', 'moduleId', 'sectionId', 'attemptNumber', 'submittedAt', 'score', 'maxScore', 'percent', 'passed', 'answers'], allAttempts)),
      'overrides.json': json(inClasses.flatMap(({ givenOverrides }) => givenOverrides)),
      'activity.json': json(inClasses.map(({ schoolClass, activeDays }) => ({ classId: schoolClass.classId, activeDays }))),
      'notices.json': json({ nudges, finishedModules: finished, notificationsReadAt: readAt ?? null }),
      'audit.json': json(auditEntries),
      'audit.csv': strToU8(csv(['at', 'actor', 'action', 'subject', 'detail'], auditEntries)),
      'modules.json': json(teacher.modules),
      'files.json': json(teacher.files),
    });
    return zipSync(zip);
  }

  async function exportPerson(person: Person): Promise<DataExport> {
    const zip = await build(person);
    const now = clock.now();
    const fileName = `data-export-${now.toISOString().slice(0, 10)}.zip`;
    const key = dataExportKey(person.userId, ids.newId(), fileName);
    await storage.save(key, zip);
    return { url: await storage.link(key, fileName), fileName, expiresAt: new Date(now.getTime() + DOWNLOAD_URL_TTL_SECONDS * 1000).toISOString(), bytes: zip.length };
  }

  return {
    /** The caller's own data ("Download my data"). */
    async exportOwnData(caller: Caller): Promise<DataExport> {
      const person = await directory.get(caller.userId);
      if (!person) throw notFound('Your account was not found; sign in again.');
      return exportPerson(person);
    },

    /** Anyone's data, for an administrator; the audit trail records who exported whose. */
    async exportPersonData(caller: Caller, userId: string): Promise<DataExport> {
      if (!caller.roles.includes('Admins')) throw forbidden("Only an administrator can export another person's data.");
      const person = await directory.get(userId);
      if (!person) throw notFound('There is no such person; reload the list.');
      const answer = await exportPerson(person);
      await ports.record(caller, 'exportData', { text: person.name && person.name !== person.email ? `${person.name} (${person.email})` : person.email, personId: userId });
      return answer;
    },
  };
}

export type DataExportService = ReturnType<typeof makeDataExport>;
