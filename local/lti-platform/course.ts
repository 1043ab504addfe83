// The LMS's one course: its members, the items deep linking added, the gradebook's line items and results. In memory:
// the twin starts empty of items and grades each time, as a test wants it.
import { randomUUID } from 'node:crypto';
import { HttpError } from './http';
import { ACTIVITY_PROGRESS, GRADING_PROGRESS, type LtiRole } from './vocabulary';

export interface LtiAccount {
  /** The platform's user id: `sub` in launches, `user_id` in NRPS, `userId` in scores. */
  userId: string;
  name: string;
  email: string;
  role: LtiRole;
  password: string;
}

export interface NewMember {
  name: string;
  email: string;
  role: LtiRole;
  /** Defaults to a generated one (see the returned account). */
  password?: string;
}

/** A resource link in the course, made from a deep linking content item. */
export interface CourseItem {
  /** The resource link id. */
  id: string;
  title: string;
  text?: string;
  /** The content item's url; launches go to the tool's launch URL without one. */
  url?: string;
  custom?: Record<string, string>;
  lineItemId?: string;
}

export interface LineItem {
  id: string;
  label: string;
  scoreMaximum: number;
  resourceId?: string;
  resourceLinkId?: string;
  tag?: string;
  startDateTime?: string;
  endDateTime?: string;
}

export interface Score {
  userId: string;
  scoreGiven?: number;
  scoreMaximum?: number;
  comment?: string;
  activityProgress: (typeof ACTIVITY_PROGRESS)[number];
  gradingProgress: (typeof GRADING_PROGRESS)[number];
  timestamp: string;
}

export interface GradebookColumn {
  lineItem: LineItem;
  /** The latest score of each member who has one, by timestamp. */
  results: (Score & { name: string; email: string })[];
}

export const DEFAULT_ACCOUNTS: Omit<LtiAccount, 'userId'>[] = [
  { name: 'Tess Teacher', email: 'tess.teacher@lms.example.test', role: 'Instructor', password: 'teacher-pass-1' },
  { name: 'Sam Student', email: 'sam.student@lms.example.test', role: 'Learner', password: 'student-pass-1' },
  { name: 'Lee Learner', email: 'lee.learner@lms.example.test', role: 'Learner', password: 'student-pass-2' },
];

export class Course {
  readonly id = 'course-101';
  readonly label = 'BIO 101';
  readonly title = 'Biology 101';
  private readonly members = new Map<string, LtiAccount>();
  private readonly items = new Map<string, CourseItem>();
  private readonly lineItems = new Map<string, LineItem>();
  /** Line item id → user id → the latest score. */
  private readonly scores = new Map<string, Map<string, Score>>();
  private nextUser = 1;

  constructor(accounts: Omit<LtiAccount, 'userId'>[] = DEFAULT_ACCOUNTS) {
    for (const account of accounts) this.addMember(account);
  }

  addMember(member: NewMember): LtiAccount {
    const email = member.email.trim().toLowerCase();
    if ([...this.members.values()].some((account) => account.email === email)) {
      throw new Error(`${email} is already a member of the course.`);
    }
    const account: LtiAccount = {
      userId: `lms-user-${this.nextUser++}`,
      name: member.name,
      email,
      role: member.role,
      password: member.password ?? `pass-${randomUUID().slice(0, 8)}`,
    };
    this.members.set(account.userId, account);
    return account;
  }

  /** By user id or e-mail; the member's scores stay in the gradebook, as an LMS keeps a dropped student's grades. */
  removeMember(userIdOrEmail: string): LtiAccount {
    const account = this.member(userIdOrEmail);
    if (!account) throw new Error(`${userIdOrEmail} is not a member of the course.`);
    this.members.delete(account.userId);
    return account;
  }

  member(userIdOrEmail: string): LtiAccount | undefined {
    const wanted = userIdOrEmail.trim().toLowerCase();
    return this.members.get(userIdOrEmail) ?? [...this.members.values()].find((account) => account.email === wanted);
  }

  memberList(): LtiAccount[] {
    return [...this.members.values()];
  }

  addItem(item: Omit<CourseItem, 'id'>): CourseItem {
    const added = { ...item, id: `resource-link-${randomUUID()}` };
    this.items.set(added.id, added);
    return added;
  }

  item(id: string): CourseItem | undefined {
    return this.items.get(id);
  }

  itemList(): CourseItem[] {
    return [...this.items.values()];
  }

  addLineItem(fields: Omit<LineItem, 'id'>): LineItem {
    const lineItem = { ...fields, id: randomUUID() };
    this.lineItems.set(lineItem.id, lineItem);
    if (lineItem.resourceLinkId) {
      const item = this.items.get(lineItem.resourceLinkId);
      if (item && !item.lineItemId) item.lineItemId = lineItem.id;
    }
    return lineItem;
  }

  lineItem(id: string): LineItem {
    const lineItem = this.lineItems.get(id);
    if (!lineItem) throw new HttpError(404, `There is no line item ${id} in ${this.title}.`);
    return lineItem;
  }

  lineItemList(): LineItem[] {
    return [...this.lineItems.values()];
  }

  /** A PUT: the fields it sends replace the line item's; the resource link stays (AGS lets a platform ignore it). */
  updateLineItem(id: string, fields: Omit<LineItem, 'id'>): LineItem {
    const current = this.lineItem(id);
    const updated: LineItem = { ...fields, id, resourceLinkId: current.resourceLinkId };
    this.lineItems.set(id, updated);
    return updated;
  }

  deleteLineItem(id: string): void {
    this.lineItem(id);
    this.lineItems.delete(id);
    this.scores.delete(id);
    for (const item of this.items.values()) if (item.lineItemId === id) delete item.lineItemId;
  }

  /**
   * Keeps the latest score per user by timestamp. AGS: the platform must not update a result whose timestamp on
   * record is later; the same score sent again (a retry) is accepted and changes nothing.
   */
  recordScore(lineItemId: string, score: Score): void {
    this.lineItem(lineItemId);
    if (!this.members.has(score.userId)) {
      throw new HttpError(400, `userId ${score.userId} is not a member of ${this.title}; send the user's LTI user id (the launch's sub).`);
    }
    const byUser = this.scores.get(lineItemId) ?? new Map<string, Score>();
    const current = byUser.get(score.userId);
    if (current) {
      const order = Date.parse(score.timestamp) - Date.parse(current.timestamp);
      if (order < 0 || (order === 0 && JSON.stringify(current) !== JSON.stringify(score))) {
        throw new HttpError(409, `A score with a later or the same timestamp (${current.timestamp}) is on record for ${score.userId}; this one (${score.timestamp}) is not applied.`);
      }
    }
    byUser.set(score.userId, score);
    this.scores.set(lineItemId, byUser);
  }

  results(lineItemId: string): Score[] {
    this.lineItem(lineItemId);
    return [...(this.scores.get(lineItemId)?.values() ?? [])];
  }

  gradebook(): GradebookColumn[] {
    return this.lineItemList().map((lineItem) => ({
      lineItem,
      results: this.results(lineItem.id).map((score) => {
        const account = this.members.get(score.userId);
        return { ...score, name: account?.name ?? score.userId, email: account?.email ?? '' };
      }),
    }));
  }
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const isIsoDateTime = (value: unknown): value is string => typeof value === 'string' && ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));

function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `${field} must be a string.`);
  return value;
}

function optionalDateTime(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!isIsoDateTime(value)) throw new HttpError(400, `${field} must be an ISO 8601 date and time with a time zone.`);
  return value;
}

/** A score as AGS 2.0 defines it (application/vnd.ims.lis.v1.score+json). */
export function parseScore(body: Record<string, unknown>): Score {
  const { userId, scoreGiven, scoreMaximum, activityProgress, gradingProgress, timestamp } = body;
  if (typeof userId !== 'string' || !userId) throw new HttpError(400, 'userId is required: the LTI user id (the launch\'s sub) of the learner.');
  if (!isIsoDateTime(timestamp)) {
    throw new HttpError(400, 'timestamp is required: an ISO 8601 date and time with a time zone (and, by AGS, sub-second precision).');
  }
  if (!ACTIVITY_PROGRESS.includes(activityProgress as never)) {
    throw new HttpError(400, `activityProgress must be one of ${ACTIVITY_PROGRESS.join(', ')}.`);
  }
  if (!GRADING_PROGRESS.includes(gradingProgress as never)) {
    throw new HttpError(400, `gradingProgress must be one of ${GRADING_PROGRESS.join(', ')}.`);
  }
  if (scoreGiven !== undefined && (typeof scoreGiven !== 'number' || !Number.isFinite(scoreGiven) || scoreGiven < 0)) {
    throw new HttpError(400, 'scoreGiven must be a number of 0 or more.');
  }
  if (scoreMaximum !== undefined && (typeof scoreMaximum !== 'number' || !Number.isFinite(scoreMaximum) || scoreMaximum <= 0)) {
    throw new HttpError(400, 'scoreMaximum must be a number above 0.');
  }
  if (scoreGiven !== undefined && scoreMaximum === undefined) throw new HttpError(400, 'scoreMaximum is required when scoreGiven is sent.');
  const comment = optionalString(body, 'comment');
  return {
    userId,
    ...(scoreGiven !== undefined && { scoreGiven: scoreGiven as number }),
    ...(scoreMaximum !== undefined && { scoreMaximum: scoreMaximum as number }),
    ...(comment !== undefined && { comment }),
    activityProgress: activityProgress as Score['activityProgress'],
    gradingProgress: gradingProgress as Score['gradingProgress'],
    timestamp,
  };
}

/** A line item's fields (application/vnd.ims.lis.v2.lineitem+json), from the tool or a deep linking content item. */
export function parseLineItem(body: Record<string, unknown>, defaultLabel?: string): Omit<LineItem, 'id'> {
  const { scoreMaximum } = body;
  if (typeof scoreMaximum !== 'number' || !Number.isFinite(scoreMaximum) || scoreMaximum <= 0) {
    throw new HttpError(400, 'scoreMaximum is required: a number above 0.');
  }
  const label = optionalString(body, 'label') ?? defaultLabel;
  if (!label?.trim()) throw new HttpError(400, 'label is required: the gradebook column\'s name.');
  const fields: Omit<LineItem, 'id'> = { label, scoreMaximum };
  const resourceId = optionalString(body, 'resourceId');
  const resourceLinkId = optionalString(body, 'resourceLinkId');
  const tag = optionalString(body, 'tag');
  const startDateTime = optionalDateTime(body, 'startDateTime');
  const endDateTime = optionalDateTime(body, 'endDateTime');
  return {
    ...fields,
    ...(resourceId !== undefined && { resourceId }),
    ...(resourceLinkId !== undefined && { resourceLinkId }),
    ...(tag !== undefined && { tag }),
    ...(startDateTime !== undefined && { startDateTime }),
    ...(endDateTime !== undefined && { endDateTime }),
  };
}
