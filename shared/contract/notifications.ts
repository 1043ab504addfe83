// The bell: a person's notifications and marking them read.
import * as z from '../zod';
import { TEACHERS_AND_STUDENTS } from './route';
import { isoDate, noContent, wholeCount, type RouteContract } from './blocks';

/**
 * One line of a bell. Teachers: a student's completion in a module ("completed" when all of it, else "progress"), or
 * students who have not started a module assigned a week or more ago. Students: a module newly assigned to a class,
 * their teacher's reminder of a module's due date ("nudge"), or their own finish of a module ("finished": every
 * required section on their path complete).
 */
const notificationSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    id: z.string(),
    kind: z.enum(['completed', 'progress', 'not-started', 'assigned', 'nudge', 'finished']),
    at: isoDate,
    classId: z.string(),
    className: z.string(),
    moduleId: z.string(),
    moduleTitle: z.string(),
    studentName: z.optional(z.string()),
    /** progress: sections done of sectionTotal; not-started: how many students. */
    count: z.optional(wholeCount),
    sectionTotal: z.optional(wholeCount),
    /** not-started: when the module was assigned. */
    assignedAt: z.optional(isoDate),
    /** nudge: who reminded the student, and the module's due date then. */
    teacherName: z.optional(z.string()),
    dueAt: z.optional(isoDate),
  }),
);

export const notificationsSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ unread: wholeCount, items: z.array(notificationSchema) }));

export type Notification = z.infer<typeof notificationSchema>;
export type Notifications = z.infer<typeof notificationsSchema>;

export const notificationsRoutes = {
  getNotifications: { method: 'GET', path: '/api/notifications', roles: TEACHERS_AND_STUDENTS, response: notificationsSchema },
  markNotificationsRead: { method: 'POST', path: '/api/notifications/read', roles: TEACHERS_AND_STUDENTS, response: noContent },
} as const satisfies Record<string, RouteContract>;
