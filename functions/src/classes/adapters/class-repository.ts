// Data access for classes: one small item per class (names, teacher, assigned modules as a string set for atomic ADD,
// and a student count kept with atomic ADDs), found by id or through the teacher's index; one item per enrolment in
// the class's partition (the roster, read in pages); one membership item per student (their classes, and the one
// read that authorizes a student action). Admin-created classes are also listed in a catalogue partition; the
// administration's writes (rosters/adapters/roster-repository.ts) build on the reads here. Each module's
// first assignment time and its due date are kept on the class item (the students' bells list new modules). Items written by earlier
// versions are brought to this shape by `npm run migrate` (table-migration.ts); nothing here reads an older one.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ClassRecord, ClassStore, Enrolment } from '../port';
import type { ArchiveOutcome, ClassArchiveStore, UnarchiveOutcome } from '../../school-year/port';
import { conditionally, ENROLMENT_PREFIX, isConditionFailure, keys, makeTableAccess, prefixedAttributes, queries, type TableContext } from '../../table/table';

type ClassItem = Omit<ClassRecord, 'assignedModuleIds' | 'studentCount'> & {
  assignedModuleIds?: Set<string>;
  studentCount?: number;
};

function toRecord(item: Record<string, unknown>): ClassRecord {
  const { classId, className, teacherId, teacherName, studentCount, assignedModuleIds, createdBy, ...yearEnd } = item as unknown as ClassItem;
  const prerequisitesVersion = item[PREREQUISITES_VERSION] as number | undefined;
  const assignedAt = prefixedAttributes(item, ASSIGNED_AT_PREFIX);
  const dueAt = prefixedAttributes(item, DUE_AT_PREFIX);
  const prerequisites = prefixedAttributes(item, PREREQUISITE_PREFIX);
  return {
    classId,
    className,
    teacherId: teacherId ?? '',
    teacherName: teacherName ?? '',
    studentCount: Math.max(0, studentCount ?? 0),
    assignedModuleIds: [...(assignedModuleIds ?? [])].sort(),
    ...(Object.keys(assignedAt).length > 0 && { assignedAt }),
    ...(Object.keys(dueAt).length > 0 && { dueAt }),
    ...(Object.keys(prerequisites).length > 0 && { prerequisites }),
    ...(prerequisitesVersion !== undefined && { prerequisitesVersion: Number(prerequisitesVersion) }),
    ...(createdBy ? { createdBy } : {}),
    ...Object.fromEntries(YEAR_END_ATTRIBUTES.flatMap((name) => (yearEnd[name] ? [[name, yearEnd[name]]] : []))),
  };
}

/** The class's place in the school year (school-year), kept as plain attributes of the class item. */
const YEAR_END_ATTRIBUTES = ['archivedAt', 'studentDataRemovalStartedAt', 'studentDataRemovedAt', 'yearLabel', 'rolledOverFrom'] as const;

export interface EnrolmentItem {
  studentId: string;
  name: string;
  email?: string;
  enrolledAt?: string;
}

export const toEnrolment = ({ studentId, name, email, enrolledAt }: EnrolmentItem): Enrolment => ({
  studentId,
  name,
  ...(email ? { email } : {}),
  ...(enrolledAt ? { enrolledAt } : {}),
});

export const enrolmentItem = (classId: string, { studentId, name, email, enrolledAt }: Enrolment) => ({
  ...keys.enrolment(classId, studentId),
  entity: 'Enrolment',
  classId,
  studentId,
  name,
  ...(email ? { email } : {}),
  ...(enrolledAt ? { enrolledAt } : {}),
});

export const membershipItem = (studentId: string, classId: string) => ({ ...keys.membership(studentId, classId), entity: 'Membership', studentId, classId });

export const formerClassItem = (studentId: string, classId: string) => ({ ...keys.formerClass(studentId, classId), entity: 'FormerClass', studentId, classId });

/** Each module's first assignment time is a top-level attribute, set with if_not_exists in the assigning update. */
const ASSIGNED_AT_PREFIX = 'assignedAt#';
/** Each module's due date is a top-level attribute too, set (or removed) by the assigning update. */
const DUE_AT_PREFIX = 'dueAt#';
const PREREQUISITE_PREFIX = 'prerequisite#';
/** How many times the class's prerequisites were set or removed: the optimistic lock of taking a module off. */
const PREREQUISITES_VERSION = 'prerequisitesVersion';
/** A teacher's change of a class holds only while it is not archived (school-year), whatever they read before. */
const NOT_ARCHIVED = 'attribute_not_exists(archivedAt)';
/** Lost races (a teacher changing the class's prerequisites meanwhile) before taking a module off gives up. */
const MODULE_REMOVAL_TRIES = 3;

/**
 * A new class: its catalogue entry first, so a retry after a failure in between completes the pair (readers skip an
 * entry whose class is missing); then the class item, only if no class has that id. A class without a teacher
 * (admin-created) is on nobody's index until one is assigned. False when the class already exists.
 */
export async function insertNewClass(
  { client, tableName }: TableContext,
  record: Pick<ClassRecord, 'classId' | 'teacherId'> & Record<string, unknown>,
): Promise<boolean> {
  await client.send(new PutCommand({ TableName: tableName, Item: { ...keys.classCatalogue(record.classId), entity: 'ClassEntry', classId: record.classId } }));
  return conditionally(() =>
    client.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.classMeta(record.classId),
          ...(record.teacherId ? keys.classTeacherIndex(record.teacherId, record.classId) : {}),
          entity: 'Class',
          ...record,
          studentCount: 0,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export type ClassRepository = ReturnType<typeof makeClassRepository>;

export function makeClassRepository(context: TableContext) {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  const readClassItem = (classId: string) => table.getItem<Record<string, unknown> & ClassItem>(keys.classMeta(classId));

  async function getClass(classId: string): Promise<ClassRecord | undefined> {
    const item = await readClassItem(classId);
    return item && toRecord(item);
  }

  async function getClasses(classIds: string[]): Promise<ClassRecord[]> {
    const items = await table.batchGet<Record<string, unknown>>(classIds.map(keys.classMeta));
    return items.map(toRecord);
  }

  async function getClassOfStudent(classId: string, studentId: string): Promise<ClassRecord | undefined> {
    const [classItem, membership] = await Promise.all([readClassItem(classId), table.getItem(keys.membership(studentId, classId))]);
    return membership && classItem ? toRecord(classItem) : undefined;
  }

  async function listClassesByTeacher(teacherId: string): Promise<ClassRecord[]> {
    const items = await table.queryByPrefix<Record<string, unknown>>(queries.classesOfTeacher(teacherId), { onOwnerIndex: true });
    return items.map(toRecord);
  }

  async function listClassIdsOfStudent(studentId: string): Promise<string[]> {
    const items = await table.queryByPrefix<{ classId: string }>(queries.classesOfStudent(studentId));
    return items.map((item) => item.classId);
  }

  async function listFormerClassIdsOfStudent(studentId: string): Promise<string[]> {
    const items = await table.queryByPrefix<{ classId: string }>(queries.formerClassesOfStudent(studentId), { projection: 'classId' });
    return items.map((item) => item.classId);
  }

  async function listAllStudents(classId: string): Promise<Enrolment[]> {
    return (await table.queryByPrefix<EnrolmentItem>(queries.rosterOfClass(classId))).map(toEnrolment);
  }

  /**
   * ADDs a module to a class taught by this teacher, atomically; undefined when the class is not theirs. The same
   * update keeps the module's first assignment time and sets its due date (an assign without one removes it).
   */
  async function addAssignedModuleOfTeacher(classId: string, teacherId: string, moduleId: string, assignedAt?: string, dueAt?: string) {
    const timed = assignedAt !== undefined;
    const due = dueAt !== undefined;
    const sets = [...(timed ? ['#assignedAt = if_not_exists(#assignedAt, :now)'] : []), ...(due ? ['#dueAt = :dueAt'] : [])];
    try {
      const { Attributes } = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.classMeta(classId),
          UpdateExpression: ['ADD assignedModuleIds :module', ...(sets.length > 0 ? [`SET ${sets.join(', ')}`] : []), ...(due ? [] : ['REMOVE #dueAt'])].join(' '),
          ConditionExpression: `teacherId = :teacher AND ${NOT_ARCHIVED}`,
          ExpressionAttributeValues: {
            ':module': new Set([moduleId]),
            ':teacher': teacherId,
            ...(timed ? { ':now': assignedAt } : {}),
            ...(due ? { ':dueAt': dueAt } : {}),
          },
          ExpressionAttributeNames: { ...(timed ? { '#assignedAt': `${ASSIGNED_AT_PREFIX}${moduleId}` } : {}), '#dueAt': `${DUE_AT_PREFIX}${moduleId}` },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes && toRecord(Attributes);
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  /**
   * Takes a module off a class this teacher teaches in one conditional update: the assignment, its due date, its own
   * prerequisite and every other module's prerequisite that names it (read just before), so none is left to come
   * back if the module is assigned again. The update holds only if the prerequisites are as read (`setPrerequisite`
   * counts its changes in PREREQUISITES_VERSION); a lost race reads again, MODULE_REMOVAL_TRIES times at most.
   */
  async function removeAssignedModuleOfTeacher(classId: string, teacherId: string, moduleId: string): Promise<ClassRecord | undefined | 'changed'> {
    for (let attempt = 0; attempt < MODULE_REMOVAL_TRIES; attempt += 1) {
      const item = await readClassItem(classId);
      // Archived: refused as not theirs to change (the use case says why); the condition holds it against a race.
      if (!item || item.teacherId !== teacherId || item.archivedAt) return undefined;
      const dependents = Object.entries(prefixedAttributes<string>(item, PREREQUISITE_PREFIX)).flatMap(([dependent, required]) => (required === moduleId ? [dependent] : []));
      const version = item[PREREQUISITES_VERSION] as number | undefined;
      const removed: Record<string, string> = {
        '#dueAt': `${DUE_AT_PREFIX}${moduleId}`,
        '#prerequisite': `${PREREQUISITE_PREFIX}${moduleId}`,
        ...Object.fromEntries(dependents.map((dependent, index) => [`#dependent${index}`, `${PREREQUISITE_PREFIX}${dependent}`])),
      };
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.classMeta(classId),
            UpdateExpression: `DELETE assignedModuleIds :module REMOVE ${Object.keys(removed).join(', ')}`,
            ConditionExpression: `teacherId = :teacher AND ${NOT_ARCHIVED} AND ${version === undefined ? 'attribute_not_exists(#version)' : '#version = :version'}`,
            ExpressionAttributeNames: { ...removed, '#version': PREREQUISITES_VERSION },
            ExpressionAttributeValues: { ':module': new Set([moduleId]), ':teacher': teacherId, ...(version === undefined ? {} : { ':version': version }) },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toRecord(Attributes!);
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    return 'changed';
  }

  const store: ClassStore = {
    getClass,
    getClasses,
    getClassOfStudent,
    listClassesByTeacher,
    listClassIdsOfStudent,
    listFormerClassIdsOfStudent,
    listAllStudents,

    isEnrolled: async (classId, studentId) => Boolean(await table.getItem(keys.membership(studentId, classId))),

    async getEnrolment(classId, studentId) {
      const item = await table.getItem<EnrolmentItem>(keys.enrolment(classId, studentId));
      return item && toEnrolment(item);
    },

    async listStudents(classId, { limit, after }) {
      const page = await table.queryPage<EnrolmentItem>(queries.rosterOfClass(classId), {
        limit,
        after: after === undefined ? undefined : keys.enrolment(classId, after).sk,
      });
      const students = page.items.map(toEnrolment);
      return { students, ...(page.lastSortKey ? { next: page.lastSortKey.slice(ENROLMENT_PREFIX.length) } : {}) };
    },

    /** Concurrent assigns all persist, repeats are no-ops. */
    addAssignedModule: addAssignedModuleOfTeacher,

    async setPrerequisite(classId, teacherId, moduleId, prerequisiteModuleId, expectedVersion) {
      const set = prerequisiteModuleId !== null;
      const unchanged = expectedVersion === undefined ? 'attribute_not_exists(#version)' : '#version = :version';
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.classMeta(classId),
            // Counted, so that taking a module off the class knows whether a prerequisite naming it came meanwhile.
            UpdateExpression: `${set ? 'SET #prerequisite = :prerequisite' : 'REMOVE #prerequisite'} ADD #version :one`,
            ConditionExpression: `teacherId = :teacher AND ${NOT_ARCHIVED} AND contains(assignedModuleIds, :module)${set ? ' AND contains(assignedModuleIds, :prerequisite)' : ''} AND ${unchanged}`,
            ExpressionAttributeNames: { '#prerequisite': `${PREREQUISITE_PREFIX}${moduleId}`, '#version': PREREQUISITES_VERSION },
            ExpressionAttributeValues: {
              ':teacher': teacherId,
              ':module': moduleId,
              ':one': 1,
              ...(set ? { ':prerequisite': prerequisiteModuleId } : {}),
              ...(expectedVersion === undefined ? {} : { ':version': expectedVersion }),
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes && toRecord(Attributes);
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    removeAssignedModuleOfTeacher,

    async removeAssignedModule(classId, moduleId) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.classMeta(classId),
          // A deleted module leaves no assignment time or due date behind on the class.
          UpdateExpression: 'DELETE assignedModuleIds :module REMOVE #assignedAt, #dueAt, #prerequisite',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: {
            '#assignedAt': `${ASSIGNED_AT_PREFIX}${moduleId}`,
            '#dueAt': `${DUE_AT_PREFIX}${moduleId}`,
            '#prerequisite': `${PREREQUISITE_PREFIX}${moduleId}`,
          },
          ExpressionAttributeValues: { ':module': new Set([moduleId]) },
        }),
      );
    },
  };

  return store;
}

/**
 * The class item's archive state (school-year): each change one conditional update, so an archive, an unarchive and
 * the start of retention's removal serialise on the item; what failed is told apart by reading it after.
 */
export function makeClassArchiveRepository(context: TableContext): ClassArchiveStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  const update = (classId: string, UpdateExpression: string, ConditionExpression: string, values?: Record<string, unknown>) =>
    conditionally(() =>
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.classMeta(classId),
          UpdateExpression,
          ConditionExpression,
          ...(values ? { ExpressionAttributeValues: values } : {}),
        }),
      ),
    );

  const readAfterFailure = (classId: string) => table.getItem<Partial<ClassRecord>>(keys.classMeta(classId));

  return {
    async archive(classId, at): Promise<ArchiveOutcome> {
      if (await update(classId, 'SET archivedAt = :at', 'attribute_exists(pk) AND attribute_not_exists(archivedAt)', { ':at': at })) return 'archived';
      return (await readAfterFailure(classId)) ? 'alreadyArchived' : 'noClass';
    },

    async unarchive(classId): Promise<UnarchiveOutcome> {
      if (await update(classId, 'REMOVE archivedAt', 'attribute_exists(archivedAt) AND attribute_not_exists(studentDataRemovalStartedAt)')) return 'unarchived';
      const item = await readAfterFailure(classId);
      if (!item) return 'noClass';
      return item.studentDataRemovalStartedAt ? 'studentDataRemoved' : 'notArchived';
    },

    insertRolledOver: ({ assignedModuleIds, prerequisites, ...record }) =>
      insertNewClass(context, {
        ...record,
        // DynamoDB stores no empty set: a class without modules has no attribute.
        ...(assignedModuleIds.length > 0 ? { assignedModuleIds: new Set(assignedModuleIds) } : {}),
        ...Object.fromEntries(Object.entries(prerequisites ?? {}).map(([moduleId, required]) => [`${PREREQUISITE_PREFIX}${moduleId}`, required])),
      }),

    beginStudentDataRemoval: (classId, archivedBefore, at) =>
      update(classId, 'SET studentDataRemovalStartedAt = if_not_exists(studentDataRemovalStartedAt, :at)', 'archivedAt < :before', { ':at': at, ':before': archivedBefore }),

    async finishStudentDataRemoval(classId, at) {
      await update(classId, 'SET studentDataRemovedAt = :at', 'attribute_exists(studentDataRemovalStartedAt)', { ':at': at });
    },
  };
}
