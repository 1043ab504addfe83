// The capacity model a stage is sized for (docs/capacity.md) and the API throttles derived from it. API Gateway's
// throttles are token buckets: `rateLimit` requests a second refill it, `burstLimit` is its size. Each route gets its
// route class's bucket (one route may carry the whole class's traffic: every student reading at once), and the stage's
// bucket is the sum of what the model sends to all route classes at once.
import type { LtiEndpointName } from '../shared/contract/lti';
import { z } from 'zod';
import type { RouteName } from '../shared/contract';

export const capacityModelSchema = z
  .object({
    /** Students who may start a lesson in the same minute (a whole school at the bell). */
    students: z.number().int().positive(),
    /** Teachers and admins working at the same time (authoring, uploads, administration). */
    staff: z.number().int().positive(),
    /** How long a lesson start lasts: the students open the app within this many seconds. */
    lessonStartSeconds: z.number().int().positive(),
    /** API reads one student makes in a lesson start (dashboard, module, progress, section text, check, bell). */
    readsPerStudentAtLessonStart: z.number().positive(),
    /** API writes one student makes in a lesson start (the reader's "opened" and page reports, a completion). */
    writesPerStudentAtLessonStart: z.number().positive(),
    /** Reading reports one reading student sends a minute (the minute beat and a page report), steady during a lesson. */
    readingReportsPerStudentMinute: z.number().positive(),
    /** Students of one class submitting a check in the same second, and how many classes do so in that second. */
    classSize: z.number().int().positive(),
    classesSubmittingTogether: z.number().int().positive(),
    /** Writes a minute one working teacher or admin makes. */
    writesPerStaffMinute: z.number().positive(),
    /** The factor between the model's demand and the limit: the model is an estimate, a limit refusing a lesson is worse. */
    headroom: z.number().min(1),
  })
  .strict();

export type CapacityModel = z.infer<typeof capacityModelSchema>;

export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

export type RouteClass = 'read' | 'studentWrite' | 'staffWrite' | 'bulkDirectory';

export interface Throttles {
  stage: Throttle;
  routes: Record<RouteClass, Throttle>;
}

/**
 * The two bulk directory routes make many Cognito calls per request (invite: up to 25 AdminCreateUser; look-up: up to
 * 100 AdminGetUser), so one request a second keeps them under the account's Cognito quotas (50 and 120 per second);
 * the web sends their chunks one after another. Not a matter of school size.
 */
const BULK_DIRECTORY: Throttle = { rateLimit: 1, burstLimit: 2 };

/** The demand the model puts on each route class: requests a second, steady, and the largest number at one moment. */
export function modelDemand(model: CapacityModel): Record<Exclude<RouteClass, 'bulkDirectory'>, { perSecond: number; atOnce: number }> {
  const lessonStartReads = (model.students * model.readsPerStudentAtLessonStart) / model.lessonStartSeconds;
  const lessonStartWrites = (model.students * model.writesPerStudentAtLessonStart) / model.lessonStartSeconds;
  const readingReports = (model.students * model.readingReportsPerStudentMinute) / 60;
  const checkSubmissions = model.classSize * model.classesSubmittingTogether;
  const staffWrites = (model.staff * model.writesPerStaffMinute) / 60;
  return {
    // Arrivals in a lesson start bunch up: the busiest second is taken as two average ones.
    read: { perSecond: lessonStartReads, atOnce: 2 * lessonStartReads },
    studentWrite: { perSecond: Math.max(lessonStartWrites, readingReports), atOnce: Math.max(2 * lessonStartWrites, checkSubmissions) },
    staffWrite: { perSecond: staffWrites, atOnce: 2 * staffWrites },
  };
}

/** The stage and route-class throttles that admit the model's demand times its headroom. */
export function throttlesFor(model: CapacityModel): Throttles {
  const demand = modelDemand(model);
  const sized = ({ perSecond, atOnce }: { perSecond: number; atOnce: number }): Throttle => {
    const rateLimit = Math.ceil(perSecond * model.headroom);
    return { rateLimit, burstLimit: Math.max(Math.ceil(atOnce * model.headroom), rateLimit) };
  };
  const routes = { read: sized(demand.read), studentWrite: sized(demand.studentWrite), staffWrite: sized(demand.staffWrite), bulkDirectory: BULK_DIRECTORY };
  const sum = (key: keyof Throttle) => Object.values(routes).reduce((total, throttle) => total + throttle[key], 0);
  return { stage: { rateLimit: sum('rateLimit'), burstLimit: sum('burstLimit') }, routes };
}

/**
 * The routes students write at once, a class or a school together: completions, check attempts, reading reports, and
 * a class opening the tool from its LMS (the LTI login's form post and the launch).
 */
const STUDENT_WRITE_ROUTES: readonly string[] = [
  ...(['markComplete', 'submitAttempt', 'recordReading', 'markNotificationsRead'] satisfies RouteName[]),
  ...(['ltiLoginPost', 'ltiLaunch'] satisfies LtiEndpointName[]),
];
const BULK_DIRECTORY_ROUTES: readonly string[] = ['invitePeople', 'lookupPeople', 'setPeopleAccess'] satisfies RouteName[];

export function routeClass(name: string, method: string): RouteClass {
  if (BULK_DIRECTORY_ROUTES.includes(name)) return 'bulkDirectory';
  if (method === 'GET') return 'read';
  return STUDENT_WRITE_ROUTES.includes(name) ? 'studentWrite' : 'staffWrite';
}
