// The changes a OneRoster roster asks of what the school has here: given the roster read from a package and a snapshot
// of the people, classes and enrolments already kept, what to create, update and delete, and the counts a preview
// shows. Pure and deterministic; applying the changes is the caller's (people first, then classes, then enrolments).
// Records carry the SIS's sourcedId once imported: they are matched by it first (people then by e-mail), and only
// records that carry one are ever deleted, so people and classes made by hand are never touched by a bulk file.
import type { Role } from '@shared/roles';
import type { RosterError } from './package';
import type { Roster, RosterClass, RosterEnrollment, RosterPerson } from './roster';

export interface SnapshotPerson {
  userId: string;
  email: string;
  name: string;
  role: Role | null;
  enabled: boolean;
  sourcedId?: string;
}

export interface SnapshotClass {
  classId: string;
  name: string;
  teacherId: string | null;
  sourcedId?: string;
  schoolSourcedId?: string;
  termSourcedId?: string;
}

/** What an import sets on a class beside its teacher. */
export interface ClassFields {
  name: string;
  schoolSourcedId?: string;
  termSourcedId?: string;
}

export interface SnapshotEnrollment {
  classId: string;
  studentId: string;
  sourcedId?: string;
}

/** What the school has now, as the plan needs it: every person, class and student enrolment. */
export interface RosterSnapshot {
  people: SnapshotPerson[];
  classes: SnapshotClass[];
  enrollments: SnapshotEnrollment[];
}

/** Someone kept already, or someone this plan creates (by the sourcedId of their `users.create` entry). */
export type PersonRef = { userId: string } | { createdFrom: string };
/** A class kept already, or one this plan creates (by the sourcedId of its `classes.create` entry). */
export type ClassRef = { classId: string } | { createdFrom: string };

export interface PersonFields {
  email: string;
  name: string;
  role: Role;
  enabled: boolean;
}

export interface RosterChanges {
  users: {
    create: (PersonFields & { sourcedId: string })[];
    /** `set` holds only what changes; `sourcedId` when the person is matched by e-mail for the first time. */
    update: { userId: string; set: Partial<PersonFields & { sourcedId: string }> }[];
    /** Removed from the SIS: the caller turns their access off (their history stays). */
    delete: { userId: string; sourcedId: string }[];
  };
  classes: {
    create: (ClassFields & { sourcedId: string; teacher: PersonRef | null })[];
    /** `set` holds only what changes; a school or term the SIS no longer gives is set to null. */
    update: { classId: string; set: Partial<{ name: string; schoolSourcedId: string | null; termSourcedId: string | null; teacher: PersonRef | null }> }[];
    delete: { classId: string; sourcedId: string }[];
  };
  enrollments: {
    create: { sourcedId: string; class: ClassRef; student: PersonRef }[];
    /** An enrolment made here before, now matched to the SIS's: it keeps the sourcedId. */
    update: { classId: string; studentId: string; set: { sourcedId: string } }[];
    delete: { classId: string; studentId: string }[];
  };
}

export interface ChangeCount {
  create: number;
  update: number;
  delete: number;
  unchanged: number;
}

export interface RosterCounts {
  users: ChangeCount;
  classes: ChangeCount;
  enrollments: ChangeCount;
}

export interface RosterPlan {
  changes: RosterChanges;
  counts: RosterCounts;
  errors: RosterError[];
}

export function planRoster(roster: Roster, snapshot: RosterSnapshot): RosterPlan {
  const errors = [...roster.errors];
  const people = planPeople(roster, snapshot, errors);
  const classes = planClasses(roster, snapshot, people.resolved, errors);
  const enrollments = planEnrollments(roster, snapshot, people.resolved, classes.resolved, errors);
  const changes: RosterChanges = { users: people.changes, classes: classes.changes, enrollments: enrollments.changes };
  const count = (part: { create: unknown[]; update: unknown[]; delete: unknown[] }, unchanged: number): ChangeCount => ({
    create: part.create.length,
    update: part.update.length,
    delete: part.delete.length,
    unchanged,
  });
  return {
    changes,
    counts: {
      users: count(changes.users, people.unchanged),
      classes: count(changes.classes, classes.unchanged),
      enrollments: count(changes.enrollments, enrollments.unchanged),
    },
    errors: errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line),
  };
}

/** A person as they will be after the plan, for the references of classes and enrolments. */
interface ResolvedPerson {
  ref: PersonRef;
  role: Role | null;
}

function planPeople(roster: Roster, snapshot: RosterSnapshot, errors: RosterError[]) {
  const bySourcedId = new Map(snapshot.people.filter((person) => person.sourcedId).map((person) => [person.sourcedId!, person]));
  const byEmail = new Map(snapshot.people.map((person) => [person.email.toLowerCase(), person]));
  const changes: RosterChanges['users'] = { create: [], update: [], delete: [] };
  const resolved = new Map<string, ResolvedPerson>();
  const deleted = new Set<string>();
  let unchanged = 0;

  for (const person of roster.people) {
    const current = bySourcedId.get(person.sourcedId);
    if (person.status === 'tobedeleted') {
      if (current) changes.delete.push({ userId: current.userId, sourcedId: person.sourcedId });
      deleted.add(person.sourcedId);
      continue;
    }
    const match = current ?? byEmail.get(person.email);
    if (match?.sourcedId && match.sourcedId !== person.sourcedId) {
      errors.push({ file: 'users.csv', line: person.line, message: `${person.email} already belongs to the person imported with sourcedId ${match.sourcedId}; one address cannot be two people. This row was skipped.` });
      continue;
    }
    if (!match) {
      if (!person.role) {
        errors.push({ file: 'users.csv', line: person.line, message: `${person.name} (sourcedId ${person.sourcedId}) is new but the package has no role for them; include roles.csv. This row was skipped.` });
        continue;
      }
      changes.create.push({ sourcedId: person.sourcedId, email: person.email, name: person.name, role: person.role, enabled: person.enabled });
      resolved.set(person.sourcedId, { ref: { createdFrom: person.sourcedId }, role: person.role });
      continue;
    }
    const set = differences(match, person);
    const holder = set?.email ? byEmail.get(set.email) : undefined;
    if (holder && holder.userId !== match.userId) {
      errors.push({ file: 'users.csv', line: person.line, message: `${person.name} (sourcedId ${person.sourcedId}) has a new e-mail, ${person.email}, which is already someone else's here; their e-mail was left as it is.` });
      delete set!.email;
    }
    if (set && Object.keys(set).length > 0) changes.update.push({ userId: match.userId, set });
    else unchanged += 1;
    resolved.set(person.sourcedId, { ref: { userId: match.userId }, role: person.role ?? match.role });
  }

  for (const person of snapshot.people) {
    if (!person.sourcedId || resolved.has(person.sourcedId) || deleted.has(person.sourcedId)) continue;
    if (roster.modes.users === 'bulk' && !roster.skipped.users.has(person.sourcedId)) {
      changes.delete.push({ userId: person.userId, sourcedId: person.sourcedId });
      deleted.add(person.sourcedId);
    } else {
      resolved.set(person.sourcedId, { ref: { userId: person.userId }, role: person.role });
    }
  }
  return { changes, resolved, unchanged };
}

function planClasses(roster: Roster, snapshot: RosterSnapshot, people: Map<string, ResolvedPerson>, errors: RosterError[]) {
  const bySourcedId = new Map(snapshot.classes.filter((item) => item.sourcedId).map((item) => [item.sourcedId!, item]));
  const changes: RosterChanges['classes'] = { create: [], update: [], delete: [] };
  const resolved = new Map<string, ClassRef>();
  const deleted = new Set<string>();
  const kept = new Map<string, RosterClass>();

  for (const item of roster.classes) {
    const current = bySourcedId.get(item.sourcedId);
    if (item.status === 'tobedeleted') {
      if (current) changes.delete.push({ classId: current.classId, sourcedId: item.sourcedId });
      deleted.add(item.sourcedId);
    } else {
      kept.set(item.sourcedId, item);
      resolved.set(item.sourcedId, current ? { classId: current.classId } : { createdFrom: item.sourcedId });
    }
  }
  for (const item of snapshot.classes) {
    if (!item.sourcedId || kept.has(item.sourcedId) || deleted.has(item.sourcedId)) continue;
    if (roster.modes.classes === 'bulk' && !roster.skipped.classes.has(item.sourcedId)) {
      changes.delete.push({ classId: item.classId, sourcedId: item.sourcedId });
      deleted.add(item.sourcedId);
    } else {
      resolved.set(item.sourcedId, { classId: item.classId });
    }
  }

  const teachers = classTeachers(roster, people, resolved, (sourcedId) => bySourcedId.get(sourcedId)?.teacherId ?? null, errors);
  let unchanged = 0;
  for (const [sourcedId, item] of kept) {
    const current = bySourcedId.get(sourcedId);
    const teacher = teachers.get(sourcedId);
    if (!current) {
      const { line: _line, status: _status, ...fields } = item;
      changes.create.push({ ...fields, teacher: teacher ?? null });
      continue;
    }
    const set: RosterChanges['classes']['update'][number]['set'] = {};
    if (current.name !== item.name) set.name = item.name;
    if (current.schoolSourcedId !== item.schoolSourcedId) set.schoolSourcedId = item.schoolSourcedId ?? null;
    if (current.termSourcedId !== item.termSourcedId) set.termSourcedId = item.termSourcedId ?? null;
    if (teacher !== undefined && !sameTeacher(current.teacherId, teacher)) set.teacher = teacher;
    if (Object.keys(set).length > 0) changes.update.push({ classId: current.classId, set });
    else unchanged += 1;
  }
  // A class the package does not list (delta or absent classes.csv) may still change teacher through enrollments.csv.
  for (const [sourcedId, teacher] of teachers) {
    const current = bySourcedId.get(sourcedId);
    if (kept.has(sourcedId) || !current || deleted.has(sourcedId)) continue;
    if (sameTeacher(current.teacherId, teacher)) unchanged += 1;
    else changes.update.push({ classId: current.classId, set: { teacher } });
  }
  return { changes, resolved, unchanged };
}

/**
 * Each class's teacher as enrollments.csv says: its primary teacher enrolment, else its first. A bulk file says it
 * of every class (none: no teacher); a delta file only of the classes it names, and a teacher's tobedeleted
 * enrolment takes them off the class. Classes the file says nothing of are left out of the answer.
 */
function classTeachers(
  roster: Roster,
  people: Map<string, ResolvedPerson>,
  classes: Map<string, ClassRef>,
  teacherNow: (classSourcedId: string) => string | null,
  errors: RosterError[],
) {
  const teachers = new Map<string, PersonRef | null>();
  if (roster.modes.enrollments === 'absent') return teachers;
  const primary = new Set<string>();
  if (roster.modes.enrollments === 'bulk') for (const sourcedId of classes.keys()) teachers.set(sourcedId, null);
  for (const enrollment of roster.enrollments) {
    if (enrollment.role !== 'teacher') continue;
    const found = resolveEnrollment(roster, enrollment, people, classes, errors);
    if (!found) continue;
    if (enrollment.status === 'tobedeleted') {
      const leaving = 'userId' in found.person.ref && found.person.ref.userId === teacherNow(enrollment.classSourcedId);
      if (leaving && !teachers.has(enrollment.classSourcedId)) teachers.set(enrollment.classSourcedId, null);
      continue;
    }
    if (found.person.role !== 'Teachers') {
      errors.push({ file: 'enrollments.csv', line: enrollment.line, message: `${enrollment.userSourcedId} teaches ${enrollment.classSourcedId} in enrollments.csv but is not a teacher here (${found.person.role ?? 'no role'}); they were not made its teacher.` });
      continue;
    }
    if (primary.has(enrollment.classSourcedId) || (teachers.get(enrollment.classSourcedId) && !enrollment.primary)) continue;
    teachers.set(enrollment.classSourcedId, found.person.ref);
    if (enrollment.primary) primary.add(enrollment.classSourcedId);
  }
  return teachers;
}

function planEnrollments(roster: Roster, snapshot: RosterSnapshot, people: Map<string, ResolvedPerson>, classes: Map<string, ClassRef>, errors: RosterError[]) {
  const changes: RosterChanges['enrollments'] = { create: [], update: [], delete: [] };
  const key = (classRef: ClassRef, personRef: PersonRef) =>
    `${'classId' in classRef ? `c:${classRef.classId}` : `n:${classRef.createdFrom}`}|${'userId' in personRef ? `u:${personRef.userId}` : `n:${personRef.createdFrom}`}`;
  const existing = new Map(snapshot.enrollments.map((item) => [key({ classId: item.classId }, { userId: item.studentId }), item]));
  const bySourcedId = new Map(snapshot.enrollments.filter((item) => item.sourcedId).map((item) => [item.sourcedId!, item]));
  const wanted = new Set<string>();
  const removed = new Set<SnapshotEnrollment>();
  let unchanged = 0;
  const remove = (item: SnapshotEnrollment) => {
    if (removed.has(item)) return;
    removed.add(item);
    changes.delete.push({ classId: item.classId, studentId: item.studentId });
  };

  for (const enrollment of roster.enrollments) {
    if (enrollment.role !== 'student') continue;
    if (enrollment.status === 'tobedeleted') {
      const found = bySourcedId.get(enrollment.sourcedId) ?? findExisting(enrollment, people, classes, existing, key);
      if (found) remove(found);
      continue;
    }
    const found = resolveEnrollment(roster, enrollment, people, classes, errors);
    if (!found) continue;
    if (found.person.role !== 'Students') {
      errors.push({ file: 'enrollments.csv', line: enrollment.line, message: `The enrolment ${enrollment.sourcedId} of ${enrollment.userSourcedId} in ${enrollment.classSourcedId} is as a student, but ${enrollment.userSourcedId} is not a student here (${found.person.role ?? 'no role'}); it was skipped.` });
      continue;
    }
    const itemKey = key(found.classRef, found.person.ref);
    if (wanted.has(itemKey)) continue;
    wanted.add(itemKey);
    const current = existing.get(itemKey);
    if (!current) changes.create.push({ sourcedId: enrollment.sourcedId, class: found.classRef, student: found.person.ref });
    else if (current.sourcedId !== enrollment.sourcedId) changes.update.push({ classId: current.classId, studentId: current.studentId, set: { sourcedId: enrollment.sourcedId } });
    else unchanged += 1;
  }
  if (roster.modes.enrollments === 'bulk') {
    for (const [itemKey, item] of existing) if (item.sourcedId && !wanted.has(itemKey)) remove(item);
  }
  return { changes, unchanged };
}

/** The class and the person an enrolment names, or an error for the admin when either is unknown. */
function resolveEnrollment(roster: Roster, enrollment: RosterEnrollment, people: Map<string, ResolvedPerson>, classes: Map<string, ClassRef>, errors: RosterError[]) {
  const classRef = classes.get(enrollment.classSourcedId);
  const person = people.get(enrollment.userSourcedId);
  const problem = !classRef
    ? unknown('class', enrollment.classSourcedId, roster.skipped.classes, 'classes.csv')
    : !person
      ? unknown('person', enrollment.userSourcedId, roster.skipped.users, 'users.csv')
      : null;
  if (problem || !classRef || !person) {
    // A tobedeleted enrolment of something already gone needs no word.
    if (enrollment.status === 'active') errors.push({ file: 'enrollments.csv', line: enrollment.line, message: `${problem} The enrolment ${enrollment.sourcedId} was skipped.` });
    return null;
  }
  return { classRef, person };
}

function unknown(what: 'class' | 'person', sourcedId: string, skipped: Map<string, number>, file: string) {
  const line = skipped.get(sourcedId);
  return line !== undefined
    ? `The ${what} ${sourcedId} was skipped for an error (${file} line ${line}).`
    : `The ${what} ${sourcedId} is not in ${file} and was not imported before.`;
}

function findExisting(
  enrollment: RosterEnrollment,
  people: Map<string, ResolvedPerson>,
  classes: Map<string, ClassRef>,
  existing: Map<string, SnapshotEnrollment>,
  key: (classRef: ClassRef, personRef: PersonRef) => string,
) {
  const classRef = classes.get(enrollment.classSourcedId);
  const person = people.get(enrollment.userSourcedId);
  return classRef && person ? existing.get(key(classRef, person.ref)) : undefined;
}

function differences(current: SnapshotPerson, next: RosterPerson) {
  const set: Partial<PersonFields & { sourcedId: string }> = {};
  if (current.email.toLowerCase() !== next.email) set.email = next.email;
  if (current.name !== next.name) set.name = next.name;
  if (next.role && current.role !== next.role) set.role = next.role;
  if (current.enabled !== next.enabled) set.enabled = next.enabled;
  if (current.sourcedId !== next.sourcedId) set.sourcedId = next.sourcedId;
  return Object.keys(set).length > 0 ? set : null;
}

const sameTeacher = (current: string | null, next: PersonRef | null) => (next === null ? current === null : 'userId' in next && next.userId === current);
