// Data access for classes: one item per class holding its teacher's and students' names (so rosters and reports need
// no user look-ups) and its assigned modules as a string set (atomic ADD), found by id or through the teacher's
// index; plus one membership item per student for "my classes".
// Admin-created classes are also listed in a catalogue partition (every class, for admins).
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CLASS_LIMITS } from '../../../shared/class-admin';
import type { ClassRecord, ClassStore } from '../domain/ports';
import { conditionally, isConditionFailure, keys, makeTableAccess, prefixedAttributes, queries, type Key, type TableContext } from './table';

type ClassItem = Omit<ClassRecord, 'assignedModuleIds'> & { assignedModuleIds?: Set<string> };

function toRecord(item: Record<string, unknown>): ClassRecord {
  const { classId, className, teacherId, teacherName, students, assignedModuleIds } = item as unknown as ClassItem;
  const assignedAt = prefixedAttributes(item, ASSIGNED_AT_PREFIX);
  return {
    classId,
    className,
    teacherId: teacherId ?? '',
    teacherName: teacherName ?? '',
    students: students ?? {},
    assignedModuleIds: [...(assignedModuleIds ?? [])].sort(),
    ...(Object.keys(assignedAt).length > 0 && { assignedAt }),
  };
}

/** Each module's first assignment time is a top-level attribute, set with if_not_exists in the assigning update. */
const ASSIGNED_AT_PREFIX = 'assignedAt#';

export function makeClassRepository(context: TableContext): ClassStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  async function getClass(classId: string): Promise<ClassRecord | undefined> {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.classMeta(classId), ConsistentRead: true }));
    return Item && toRecord(Item);
  }

  async function getClasses(classIds: string[]): Promise<ClassRecord[]> {
    const items = await table.batchGet<Record<string, unknown>>(classIds.map(keys.classMeta));
    return items.map(toRecord);
  }

  async function listClassesByTeacher(teacherId: string): Promise<ClassRecord[]> {
    const items = await table.queryByPrefix<Record<string, unknown>>(queries.classesOfTeacher(teacherId), { onOwnerIndex: true });
    return items.map(toRecord);
  }

  async function listClassIdsOfStudent(studentId: string): Promise<string[]> {
    const items = await table.queryByPrefix<{ classId: string }>(queries.classesOfStudent(studentId));
    return items.map((item) => item.classId);
  }

  /** One conditional update of a class item; false when the condition failed (the class or the member is gone). */
  const updateIfStill = (
    classId: string,
    UpdateExpression: string,
    ConditionExpression: string,
    ExpressionAttributeValues: Record<string, unknown> | undefined,
    ExpressionAttributeNames?: Record<string, string>,
  ) =>
    conditionally(() =>
      client.send(
        new UpdateCommand({ TableName: tableName, Key: keys.classMeta(classId), UpdateExpression, ConditionExpression, ExpressionAttributeValues, ExpressionAttributeNames }),
      ),
    );

  /** ADD or DELETE a module on a class taught by this teacher, atomically; undefined when the class is not theirs. */
  async function changeAssignedModulesOfTeacher(
    operation: 'ADD' | 'DELETE',
    classId: string,
    teacherId: string,
    moduleId: string,
    assignedAt?: string,
  ) {
    const timed = operation === 'ADD' && assignedAt !== undefined;
    try {
      const { Attributes } = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.classMeta(classId),
          UpdateExpression: `${operation} assignedModuleIds :module${timed ? ' SET #assignedAt = if_not_exists(#assignedAt, :now)' : ''}`,
          ConditionExpression: 'teacherId = :teacher',
          ExpressionAttributeValues: { ':module': new Set([moduleId]), ':teacher': teacherId, ...(timed ? { ':now': assignedAt } : {}) },
          ...(timed ? { ExpressionAttributeNames: { '#assignedAt': `${ASSIGNED_AT_PREFIX}${moduleId}` } } : {}),
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes && toRecord(Attributes);
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  return {
    getClass,
    getClasses,
    listClassesByTeacher,
    listClassIdsOfStudent,

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
              students: {},
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },

    /** The membership item is written first so a retry completes an enrolment that failed half-way. */
    async enrollStudent(classId, studentId, studentName) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.membership(studentId, classId), entity: 'Membership', studentId, classId },
        }),
      );
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.classMeta(classId),
          // Setting one map key at a time keeps concurrent enrolments from overwriting each other.
          UpdateExpression: 'SET students.#student = :name',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#student': studentId },
          ExpressionAttributeValues: { ':name': studentName },
        }),
      );
    },

    /** Concurrent assigns all persist, repeats are no-ops. */
    addAssignedModule: (classId, teacherId, moduleId, assignedAt) =>
      changeAssignedModulesOfTeacher('ADD', classId, teacherId, moduleId, assignedAt),

    removeAssignedModuleOfTeacher: (classId, teacherId, moduleId) =>
      changeAssignedModulesOfTeacher('DELETE', classId, teacherId, moduleId),

    async removeAssignedModule(classId, moduleId) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.classMeta(classId),
          UpdateExpression: 'DELETE assignedModuleIds :module',
          ConditionExpression: 'attribute_exists(pk)',
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

    /** Sets (or, with null, removes) the class's teacher and its place on the teacher's index. */
    setClassTeacher(classId, teacher) {
      if (!teacher) return updateIfStill(classId, 'REMOVE teacherId, teacherName, gsi1pk, gsi1sk', 'attribute_exists(pk)', undefined);
      const index = keys.classTeacherIndex(teacher.id, classId);
      return updateIfStill(
        classId,
        'SET teacherId = :teacher, teacherName = :name, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
        'attribute_exists(pk)',
        { ':teacher': teacher.id, ':name': teacher.name, ':gsi1pk': index.gsi1pk, ':gsi1sk': index.gsi1sk },
      );
    },

    /**
     * The limit is checked in the same conditional write, so concurrent enrolments cannot overshoot. The membership
     * item is written after the roster entry succeeded.
     */
    async enrollStudentWithinLimit(classId, studentId, studentName) {
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.classMeta(classId),
            UpdateExpression: 'SET students.#student = :name',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_exists(students.#student) OR size(students) < :max)',
            ExpressionAttributeNames: { '#student': studentId },
            ExpressionAttributeValues: { ':name': studentName, ':max': CLASS_LIMITS.studentsMax },
            ReturnValues: 'UPDATED_OLD',
          }),
        );
        await client.send(
          new PutCommand({ TableName: tableName, Item: { ...keys.membership(studentId, classId), entity: 'Membership', studentId, classId } }),
        );
        const wasEnrolled = Boolean((Attributes?.students as Record<string, string> | undefined)?.[studentId]);
        return wasEnrolled ? 'alreadyEnrolled' : 'enrolled';
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        return (await getClass(classId)) ? 'full' : 'noClass';
      }
    },

    async unenrollStudent(classId, studentId) {
      await updateIfStill(classId, 'REMOVE students.#student', 'attribute_exists(pk)', undefined, { '#student': studentId });
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.membership(studentId, classId) }));
    },

    /** Ordered so that a retry finishes the job: memberships and progress first, then the class item, then its catalogue entry. */
    async deleteClassAndItsData(classId) {
      const record = await getClass(classId);
      const memberships = Object.keys(record?.students ?? {}).map((studentId) => keys.membership(studentId, classId));
      const progress = await table.queryByPrefix<Key>(queries.progressOfClass(classId), { projection: 'pk, sk' });
      await table.batchDelete([...memberships, ...progress.map(({ pk, sk }) => ({ pk, sk }))]);
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.classMeta(classId) }));
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.classCatalogue(classId) }));
    },

    /** Only while they still teach it (condition), so no race undoes a change of teacher. */
    async renameTeacherInClasses(teacherId, name) {
      for (const record of await listClassesByTeacher(teacherId)) {
        await updateIfStill(record.classId, 'SET teacherName = :name', 'teacherId = :teacher', { ':name': name, ':teacher': teacherId });
      }
    },

    /** One map key at a time (no lost enrolments). */
    async renameStudentInClasses(studentId, name) {
      for (const classId of await listClassIdsOfStudent(studentId)) {
        await updateIfStill(classId, 'SET students.#student = :name', 'attribute_exists(students.#student)', { ':name': name }, { '#student': studentId });
      }
    },
  };
}
