// The bells. A teacher's: the latest progress in their classes (from the activity index progress items join when a
// section is marked) and modules that students have not started a week after they were assigned. A student's: modules
// newly assigned to their classes, their teachers' reminders of due dates (nudges, sent from the report), and the
// modules they finished (recorded by the completion that finished one). Unread =
// newer than the person's read marker. Each read is a bounded number of round trips whatever the school's size.
import type { Notification, Notifications } from '@shared/contract/notifications';
import type { Nudge } from '@shared/contract/classes';
import { isStudent, type Caller } from '../kernel/caller';
import { requireWritableClass } from '../classes/classes';
import { conflict, notFound } from '../kernel/errors';
import type { ClassRecord, ClassStore } from '../classes/port';
import type { Clock } from '../kernel/ports';
import type { ModuleStore } from '../modules/port';
import type { ActivityRecord, FinishedModuleRecord, NoticeStore, NudgeRecord } from './port';
import { NOT_ASSIGNED, STUDENT_NOT_ENROLLED } from '../progress/progress';

export interface NotificationServicePorts {
  classes: ClassStore;
  modules: ModuleStore;
  notices: NoticeStore;
  clock: Clock;
}

export const BELL_LENGTH = 20;
/** A module nobody has started is mentioned once it has been assigned this long... */
export const NOT_STARTED_AFTER_DAYS = 7;
/** ...and no longer after this long (the bell is about what is recent). */
const RECENT_DAYS = 30;
/** At most this many assignments are counted per read: one counting query each. */
const NOT_STARTED_CHECKS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export type NotificationService = ReturnType<typeof makeNotificationService>;

export function makeNotificationService({ classes, modules, notices, clock }: NotificationServicePorts) {
  /** Teacher: 3 reads at once, then at most 1 + NOT_STARTED_CHECKS at once. Student: 3 reads in a row (+1 at once). */
  async function bell(caller: Caller): Promise<Notifications> {
    const [readAt, items] = await Promise.all([
      notices.getReadAt(caller.userId),
      isStudent(caller) ? studentItems(caller.userId) : teacherItems(caller.userId),
    ]);
    const newestFirst = items.sort((a, b) => b.at.localeCompare(a.at)).slice(0, BELL_LENGTH);
    return { unread: newestFirst.filter((item) => !readAt || item.at > readAt).length, items: newestFirst };
  }

  async function markAllRead(caller: Caller): Promise<void> {
    await notices.setReadAt(caller.userId, clock.now().toISOString());
  }

  /**
   * The class's teacher reminds an enrolled student of an assigned module's due date. The class, the student's
   * membership and the module are read at once (one round trip), then one conditional put: a repeat on the same UTC
   * day (a double click) sends nothing (`created: false`).
   */
  async function nudge(caller: Caller, classId: string, moduleId: string, studentId: string): Promise<{ nudge: Nudge; created: boolean }> {
    const [schoolClass, enrolled, module] = await Promise.all([
      requireWritableClass(classes, caller, classId, 'teacher'),
      classes.isEnrolled(classId, studentId),
      modules.getModule(moduleId),
    ]);
    if (!module || !schoolClass.assignedModuleIds.includes(moduleId)) throw notFound(NOT_ASSIGNED);
    if (!enrolled) throw notFound(STUDENT_NOT_ENROLLED);
    const dueAt = schoolClass.dueAt?.[moduleId];
    if (!dueAt) throw conflict(`${module.title} has no due date in this class: assign it again with one to send a reminder.`);
    const sentAt = clock.now().toISOString();
    const created = await notices.addNudge({
      studentId,
      classId,
      moduleId,
      className: schoolClass.className,
      moduleTitle: module.title,
      teacherName: schoolClass.teacherName,
      dueAt,
      sentAt,
    });
    return { nudge: { classId, moduleId, studentId, dueAt, sentAt }, created };
  }

  async function teacherItems(teacherId: string): Promise<Notification[]> {
    const [activity, taught] = await Promise.all([notices.recentActivity(teacherId, BELL_LENGTH), classes.listClassesByTeacher(teacherId)]);
    return [...activity.map(activityItem), ...(await notStartedItems(taught))];
  }

  async function notStartedItems(taught: ClassRecord[]): Promise<Notification[]> {
    const now = clock.now().getTime();
    const due = taught
      .flatMap((schoolClass) =>
        Object.entries(schoolClass.assignedAt ?? {})
          .filter(([moduleId, at]) => {
            const age = now - Date.parse(at);
            return schoolClass.assignedModuleIds.includes(moduleId) && age >= NOT_STARTED_AFTER_DAYS * DAY_MS && age <= RECENT_DAYS * DAY_MS;
          })
          .map(([moduleId, assignedAt]) => ({ schoolClass, moduleId, assignedAt })),
      )
      .sort((a, b) => b.assignedAt.localeCompare(a.assignedAt))
      .slice(0, NOT_STARTED_CHECKS);
    if (due.length === 0) return [];
    const [titles, started] = await Promise.all([
      moduleTitles(due.map((each) => each.moduleId)),
      Promise.all(due.map((each) => notices.countStarted(each.schoolClass.classId, each.moduleId))),
    ]);
    return due.flatMap(({ schoolClass, moduleId, assignedAt }, index) => {
      const notStarted = schoolClass.studentCount - started[index]!;
      const title = titles.get(moduleId);
      if (notStarted <= 0 || !title) return [];
      return [
        {
          id: `not-started:${schoolClass.classId}:${moduleId}`,
          kind: 'not-started' as const,
          at: new Date(Date.parse(assignedAt) + NOT_STARTED_AFTER_DAYS * DAY_MS).toISOString(),
          classId: schoolClass.classId,
          className: schoolClass.className,
          moduleId,
          moduleTitle: title,
          count: notStarted,
          assignedAt,
        },
      ];
    });
  }

  async function studentItems(studentId: string): Promise<Notification[]> {
    const since = clock.now().getTime() - RECENT_DAYS * DAY_MS;
    const [classIds, nudges, finished] = await Promise.all([
      classes.listClassIdsOfStudent(studentId),
      notices.recentNudges(studentId, BELL_LENGTH),
      notices.finishedModules(studentId),
    ]);
    const mine = await classes.getClasses(classIds);
    // A reminder or a finish stays while its module is still assigned to a class the student is still in.
    const stillAssigned = (classId: string, moduleId: string) =>
      mine.some((schoolClass) => schoolClass.classId === classId && schoolClass.assignedModuleIds.includes(moduleId));
    const finishes = finished.filter((each) => Date.parse(each.finishedAt) >= since && stillAssigned(each.classId, each.moduleId)).map(finishedItem);
    const recent = mine.flatMap((schoolClass) =>
      Object.entries(schoolClass.assignedAt ?? {})
        .filter(([moduleId, at]) => schoolClass.assignedModuleIds.includes(moduleId) && Date.parse(at) >= since)
        .map(([moduleId, at]) => ({ schoolClass, moduleId, at })),
    );
    const reminders = nudges.filter((each) => Date.parse(each.sentAt) >= since && stillAssigned(each.classId, each.moduleId)).map(nudgeItem);
    if (recent.length === 0) return [...reminders, ...finishes];
    const titles = await moduleTitles(recent.map((each) => each.moduleId));
    return [
      ...reminders,
      ...finishes,
      ...recent.flatMap(({ schoolClass, moduleId, at }) => {
        const title = titles.get(moduleId);
        if (!title) return [];
        return [{ id: `assigned:${schoolClass.classId}:${moduleId}`, kind: 'assigned' as const, at, classId: schoolClass.classId, className: schoolClass.className, moduleId, moduleTitle: title }];
      }),
    ];
  }

  async function moduleTitles(moduleIds: string[]): Promise<Map<string, string>> {
    const found = await modules.getModules([...new Set(moduleIds)]);
    return new Map(found.map((module) => [module.moduleId, module.title]));
  }

  return { bell, markAllRead, nudge };
}

function nudgeItem({ classId, className, moduleId, moduleTitle, teacherName, dueAt, sentAt }: NudgeRecord): Notification {
  return { id: `nudge:${classId}:${moduleId}:${sentAt.slice(0, 10)}`, kind: 'nudge', at: sentAt, classId, className, moduleId, moduleTitle, teacherName, dueAt };
}

function finishedItem({ classId, className, moduleId, moduleTitle, finishedAt }: FinishedModuleRecord): Notification {
  return { id: `finished:${classId}:${moduleId}`, kind: 'finished', at: finishedAt, classId, className, moduleId, moduleTitle };
}

function activityItem(record: ActivityRecord): Notification {
  const done = record.completedSections.length;
  return {
    id: `activity:${record.classId}:${record.moduleId}:${record.studentId}:${record.updatedAt}`,
    kind: done >= record.sectionTotal ? 'completed' : 'progress',
    at: record.updatedAt,
    classId: record.classId,
    className: record.className,
    moduleId: record.moduleId,
    moduleTitle: record.moduleTitle,
    studentName: record.studentName,
    count: done,
    sectionTotal: record.sectionTotal,
  };
}
