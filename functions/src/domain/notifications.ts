// The bells. A teacher's: the latest progress in their classes (from the activity index progress items join when a
// section is marked) and modules that students have not started a week after they were assigned. A student's: modules
// newly assigned to their classes. Unread = newer than the person's read marker. Each read is a bounded number of
// round trips whatever the school's size (docs/architecture.md).
import type { Notification, Notifications } from '@shared/entities';
import { isStudent, type Caller } from './caller';
import type { ActivityRecord, ClassRecord, ClassStore, Clock, ModuleStore, NoticeStore } from './ports';

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
    const mine = await classes.getClasses(await classes.listClassIdsOfStudent(studentId));
    const recent = mine.flatMap((schoolClass) =>
      Object.entries(schoolClass.assignedAt ?? {})
        .filter(([moduleId, at]) => schoolClass.assignedModuleIds.includes(moduleId) && Date.parse(at) >= since)
        .map(([moduleId, at]) => ({ schoolClass, moduleId, at })),
    );
    if (recent.length === 0) return [];
    const titles = await moduleTitles(recent.map((each) => each.moduleId));
    return recent.flatMap(({ schoolClass, moduleId, at }) => {
      const title = titles.get(moduleId);
      if (!title) return [];
      return [{ id: `assigned:${schoolClass.classId}:${moduleId}`, kind: 'assigned' as const, at, classId: schoolClass.classId, className: schoolClass.className, moduleId, moduleTitle: title }];
    });
  }

  async function moduleTitles(moduleIds: string[]): Promise<Map<string, string>> {
    const found = await modules.getModules([...new Set(moduleIds)]);
    return new Map(found.map((module) => [module.moduleId, module.title]));
  }

  return { bell, markAllRead };
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
