// Data access for classes: one small item per class (names, teacher, assigned modules as a string set for atomic ADD,
// and a student count kept with atomic ADDs), found by id or through the teacher's index; one item per enrolment in
// the class's partition (the roster, read in pages); one membership item per student (their classes, and the one
// read that authorizes a student action). Admin-created classes are also listed in a catalogue partition. Each module's
// first assignment time and its due date are kept on the class item (the students' bells list new modules). Items written by earlier
// versions are brought to this shape by `npm run migrate` (table-migration.ts); nothing here reads an older one.
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ClassRecord, ClassStore, EnrolledStudent, Enrolment, EnrolOutcome } from '../../domain/ports';
import { conflict } from '../../kernel/errors';
import { cancellationCodes, conditionally, ENROLMENT_PREFIX, finishNoticesOf, isConditionFailure, keys, makeTableAccess, prefixedAttributes, queries, type Key, type TableContext } from '../../table/table';

/** A teacher assignment that met a change of the teacher's role. */
export const TEACHER_ROLE_CHANGED = "This person's role changed while they were being made the class's teacher; reload, then choose the teacher again.";

type ClassItem = Omit<ClassRecord, 'assignedModuleIds' | 'studentCount'> & {
  assignedModuleIds?: Set<string>;
  studentCount?: number;
};

function toRecord(item: Record<string, unknown>): ClassRecord {
  const { classId, className, teacherId, teacherName, studentCount, assignedModuleIds, createdBy } = item as unknown as ClassItem;
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
  };
}

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

/** Each module's first assignment time is a top-level attribute, set with if_not_exists in the assigning update. */
const ASSIGNED_AT_PREFIX = 'assignedAt#';
/** Each module's due date is a top-level attribute too, set (or removed) by the assigning update. */
const DUE_AT_PREFIX = 'dueAt#';
const PREREQUISITE_PREFIX = 'prerequisite#';
/** How many times the class's prerequisites were set or removed: the optimistic lock of taking a module off. */
const PREREQUISITES_VERSION = 'prerequisitesVersion';
/** Lost races (a teacher changing the class's prerequisites meanwhile) before taking a module off gives up. */
const MODULE_REMOVAL_TRIES = 3;

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

  async function listAllStudents(classId: string): Promise<Enrolment[]> {
    return (await table.queryByPrefix<EnrolmentItem>(queries.rosterOfClass(classId))).map(toEnrolment);
  }

  /** Adds to the class's student count, if the class exists (false otherwise). */
  const changeStudentCount = (classId: string, by: 1 | -1) =>
    conditionally(() =>
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.classMeta(classId),
          UpdateExpression: 'ADD studentCount :by',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':by': by },
        }),
      ),
    );

  async function enrollStudent(classId: string, student: EnrolledStudent, enrolledAt = new Date().toISOString()): Promise<EnrolOutcome> {
    const { studentId } = student;
    const inserted = await conditionally(() =>
      client.send(
        new PutCommand({
          TableName: tableName,
          Item: enrolmentItem(classId, { ...student, enrolledAt }),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
    if (inserted && !(await changeStudentCount(classId, 1))) {
      // The class is gone: take back the enrolment that was written for it.
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.enrolment(classId, studentId) }));
      return 'noClass';
    }
    if (!inserted && !(await readClassItem(classId))) return 'noClass';
    // Last, so that access follows a complete enrolment; rewriting it on a repeat completes one that failed here.
    await client.send(new PutCommand({ TableName: tableName, Item: membershipItem(studentId, classId) }));
    return inserted ? 'enrolled' : 'alreadyEnrolled';
  }

  /** One conditional update of a class item; false when the condition failed (the class or its teacher changed). */
  const updateIfStill = (
    classId: string,
    UpdateExpression: string,
    ConditionExpression: string,
    ExpressionAttributeValues: Record<string, unknown> | undefined,
  ) =>
    conditionally(() =>
      client.send(new UpdateCommand({ TableName: tableName, Key: keys.classMeta(classId), UpdateExpression, ConditionExpression, ExpressionAttributeValues })),
    );

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
          ConditionExpression: 'teacherId = :teacher',
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
      if (!item || item.teacherId !== teacherId) return undefined;
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
            ConditionExpression: `teacherId = :teacher AND ${version === undefined ? 'attribute_not_exists(#version)' : '#version = :version'}`,
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
    listAllStudents,
    enrollStudent,

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

    /**
     * The catalogue entry first: a retry after a failure in between completes the pair; readers skip an entry whose
     * class is missing.
     */
    async insertClass(record) {
      await client.send(
        new PutCommand({ TableName: tableName, Item: { ...keys.classCatalogue(record.classId), entity: 'ClassEntry', classId: record.classId } }),
      );
      return conditionally(() =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.classMeta(record.classId),
              // A class without a teacher (admin-created) is on nobody's index until one is assigned.
              ...(record.teacherId ? keys.classTeacherIndex(record.teacherId, record.classId) : {}),
              entity: 'Class',
              ...record,
              studentCount: 0,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
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
            ConditionExpression: `teacherId = :teacher AND contains(assignedModuleIds, :module)${set ? ' AND contains(assignedModuleIds, :prerequisite)' : ''} AND ${unchanged}`,
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
    /** Every class of the school, through the catalogue (entries whose class is gone are skipped). */
    async listAllClasses() {
      const entries = await table.queryByPrefix<{ classId: string }>(queries.allClasses(), { projection: 'classId' });
      return getClasses(entries.map((entry) => entry.classId));
    },

    renameClass: (classId, className) => updateIfStill(classId, 'SET className = :name', 'attribute_exists(pk)', { ':name': className }),

    /**
     * Sets (or, with null, removes) the class's teacher and its place on the teacher's index; a teacher only with a
     * check of their access record in the same transaction, so no role change of theirs interleaves (people.ts holds
     * the record during one, and counts them).
     */
    async setClassTeacher(classId, teacher) {
      if (!teacher) return updateIfStill(classId, 'REMOVE teacherId, teacherName, gsi1pk, gsi1sk', 'attribute_exists(pk)', undefined);
      const index = keys.classTeacherIndex(teacher.id, classId);
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.classMeta(classId),
                  UpdateExpression: 'SET teacherId = :teacher, teacherName = :name, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ':teacher': teacher.id, ':name': teacher.name, ':gsi1pk': index.gsi1pk, ':gsi1sk': index.gsi1sk },
                },
              },
              {
                ConditionCheck: {
                  TableName: tableName,
                  Key: keys.personAccess(teacher.id),
                  ConditionExpression: `${teacher.roleVersion === undefined ? 'attribute_not_exists(roleVersion)' : 'roleVersion = :version'} AND (attribute_not_exists(roleChangeUntil) OR roleChangeUntil < :at)`,
                  ExpressionAttributeValues: { ':at': teacher.at, ...(teacher.roleVersion === undefined ? {} : { ':version': teacher.roleVersion }) },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        const [classChanged, roleChanged] = cancellationCodes(error) ?? [];
        if (classChanged === 'ConditionalCheckFailed') return false;
        if (roleChanged === 'ConditionalCheckFailed') throw conflict(TEACHER_ROLE_CHANGED);
        throw error;
      }
    },

    /** Access goes first; the count goes down only for the call that removed the enrolment item (no double count). */
    async unenrollStudent(classId, studentId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.membership(studentId, classId) }));
      const { Attributes } = await client.send(
        new DeleteCommand({ TableName: tableName, Key: keys.enrolment(classId, studentId), ReturnValues: 'ALL_OLD' }),
      );
      if (Attributes) await changeStudentCount(classId, -1);
      return Boolean(Attributes);
    },

    /**
     * Ordered so that a retry finishes the job: memberships, then everything else in the class's partition
     * (enrolments, progress with its finish notices, counters), then the class item, then its catalogue entry.
     */
    async deleteClassAndItsData(classId) {
      const roster = await listAllStudents(classId);
      await table.batchDelete(roster.map(({ studentId }) => keys.membership(studentId, classId)));
      const partition = await table.queryByPrefix<Key & { studentId?: string; moduleId?: string }>(queries.wholeClass(classId), { projection: 'pk, sk, studentId, moduleId' });
      const classKey = keys.classMeta(classId);
      await table.batchDelete([
        ...finishNoticesOf(classId, partition),
        ...partition.filter(({ sk }) => sk !== classKey.sk).map(({ pk, sk }) => ({ pk, sk })),
      ]);
      await client.send(new DeleteCommand({ TableName: tableName, Key: classKey }));
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.classCatalogue(classId) }));
    },

    /** Only while they still teach it (condition), so no race undoes a change of teacher. */
    async renameTeacherInClasses(teacherId, name) {
      for (const record of await listClassesByTeacher(teacherId)) {
        await updateIfStill(record.classId, 'SET teacherName = :name', 'teacherId = :teacher', { ':name': name, ':teacher': teacherId });
      }
    },

    /**
     * The student's enrolment item (name and e-mail) in each of their classes, only while it exists (no enrolment is
     * brought back). UpdateItem only, which is all this route may do.
     */
    async renameStudentInClasses({ studentId, name, email }) {
      for (const classId of await listClassIdsOfStudent(studentId)) {
        await conditionally(() =>
          client.send(
            new UpdateCommand({
              TableName: tableName,
              Key: keys.enrolment(classId, studentId),
              UpdateExpression: 'SET #name = :name, email = :email',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: { '#name': 'name' },
              ExpressionAttributeValues: { ':name': name, ':email': email },
            }),
          ),
        );
      }
    },
  };

  return store;
}
