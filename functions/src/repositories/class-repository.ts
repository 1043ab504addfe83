// Data access for classes: one item per class holding its teacher's and students' names (so rosters and reports need
// no user look-ups) and its assigned modules as a string set (atomic ADD), found by id or through the teacher's
// index; plus one membership item per student for "my classes".
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CLASS_LIMITS } from '../../../shared/class-admin';
import type { SchoolClass } from '../domain/ports';
import { batchDelete, batchGet, documentClient, isConditionFailure, keys, queries, queryByPrefix, tableName, type Key } from './table';

/** The domain's class (ports.ts), stored as one item. */
export type ClassRecord = SchoolClass;

type ClassItem = Omit<ClassRecord, 'assignedModuleIds'> & { assignedModuleIds?: Set<string> };

function toRecord(item: Record<string, unknown>): ClassRecord {
  const { classId, className, teacherId, teacherName, students, assignedModuleIds } = item as unknown as ClassItem;
  return {
    classId,
    className,
    teacherId: teacherId ?? '',
    teacherName: teacherName ?? '',
    students: students ?? {},
    assignedModuleIds: [...(assignedModuleIds ?? [])].sort(),
  };
}

export async function getClass(classId: string): Promise<ClassRecord | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName, Key: keys.classMeta(classId), ConsistentRead: true }),
  );
  return Item && toRecord(Item);
}

export async function getClasses(classIds: string[]): Promise<ClassRecord[]> {
  const items = await batchGet<Record<string, unknown>>(classIds.map(keys.classMeta));
  return items.map(toRecord);
}

export async function listClassesByTeacher(teacherId: string): Promise<ClassRecord[]> {
  const items = await queryByPrefix<Record<string, unknown>>(queries.classesOfTeacher(teacherId), { onOwnerIndex: true });
  return items.map(toRecord);
}

export async function listClassIdsOfStudent(studentId: string): Promise<string[]> {
  const items = await queryByPrefix<{ classId: string }>(queries.classesOfStudent(studentId));
  return items.map((item) => item.classId);
}

/** Creates a class; false when one with this id exists already. */
export async function insertClass(
  record: Pick<ClassRecord, 'classId' | 'className' | 'teacherId' | 'teacherName'>,
): Promise<boolean> {
  // The catalogue entry first: a retry after a failure in between completes the pair; readers skip an entry
  // whose class is missing.
  await documentClient.send(
    new PutCommand({ TableName: tableName, Item: { ...keys.classCatalogue(record.classId), entity: 'ClassEntry', classId: record.classId } }),
  );
  try {
    await documentClient.send(
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
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Enrols a student; repeating it changes nothing. The membership item is written first so a retry completes it. */
export async function enrollStudent(classId: string, studentId: string, studentName: string): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.membership(studentId, classId), entity: 'Membership', studentId, classId },
    }),
  );
  await documentClient.send(
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
}

/**
 * Adds a module to a class taught by the given teacher, atomically (concurrent assigns all persist, repeats are no-ops).
 * Returns the updated class, or undefined when the class is not this teacher's.
 */
export const addAssignedModule = (classId: string, teacherId: string, moduleId: string) =>
  changeAssignedModulesOfTeacher('ADD', classId, teacherId, moduleId);

/** Takes a module off a class this teacher teaches; progress on it is kept. Undefined when the class is not theirs. */
export const removeAssignedModuleOfTeacher = (classId: string, teacherId: string, moduleId: string) =>
  changeAssignedModulesOfTeacher('DELETE', classId, teacherId, moduleId);

async function changeAssignedModulesOfTeacher(
  operation: 'ADD' | 'DELETE',
  classId: string,
  teacherId: string,
  moduleId: string,
): Promise<ClassRecord | undefined> {
  try {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.classMeta(classId),
        UpdateExpression: `${operation} assignedModuleIds :module`,
        ConditionExpression: 'teacherId = :teacher',
        ExpressionAttributeValues: { ':module': new Set([moduleId]), ':teacher': teacherId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes && toRecord(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

export async function removeAssignedModule(classId: string, moduleId: string): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.classMeta(classId),
      UpdateExpression: 'DELETE assignedModuleIds :module',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':module': new Set([moduleId]) },
    }),
  );
}

// ---- Administration (admin branch): every class, and names that follow a rename ----

/** Every class of the school, through the catalogue (entries whose class is gone are skipped). */
export async function listAllClasses(): Promise<ClassRecord[]> {
  const entries = await queryByPrefix<{ classId: string }>(queries.allClasses(), { projection: 'classId' });
  return getClasses(entries.map((entry) => entry.classId));
}

/** Sets the teacher's name on every class they teach; only while they still teach it (condition), so no race undoes a change of teacher. */
export async function renameTeacherInClasses(teacherId: string, name: string): Promise<void> {
  for (const record of await listClassesByTeacher(teacherId)) {
    await updateIfStill(record.classId, 'SET teacherName = :name', 'teacherId = :teacher', { ':name': name, ':teacher': teacherId });
  }
}

/** Sets the student's name in the roster of every class they are enrolled in, one map key at a time (no lost enrolments). */
export async function renameStudentInClasses(studentId: string, name: string): Promise<void> {
  for (const classId of await listClassIdsOfStudent(studentId)) {
    await updateIfStill(classId, 'SET students.#student = :name', 'attribute_exists(students.#student)', { ':name': name }, { '#student': studentId });
  }
}

export async function renameClass(classId: string, className: string): Promise<boolean> {
  return updateIfStill(classId, 'SET className = :name', 'attribute_exists(pk)', { ':name': className });
}

/** Sets (or, with null, removes) the class's teacher and its place on the teacher's index. */
export async function setClassTeacher(classId: string, teacher: { id: string; name: string } | null): Promise<boolean> {
  if (!teacher) {
    return updateIfStill(classId, 'REMOVE teacherId, teacherName, gsi1pk, gsi1sk', 'attribute_exists(pk)', undefined);
  }
  const index = keys.classTeacherIndex(teacher.id, classId);
  return updateIfStill(
    classId,
    'SET teacherId = :teacher, teacherName = :name, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
    'attribute_exists(pk)',
    { ':teacher': teacher.id, ':name': teacher.name, ':gsi1pk': index.gsi1pk, ':gsi1sk': index.gsi1sk },
  );
}

export type EnrolOutcome = 'enrolled' | 'alreadyEnrolled' | 'full' | 'noClass';

/**
 * Enrols a student unless the class is full (at most CLASS_LIMITS.studentsMax, checked in the same conditional write,
 * so concurrent enrolments cannot overshoot). The membership item is written after the roster entry succeeded.
 */
export async function enrollStudentWithinLimit(classId: string, studentId: string, studentName: string): Promise<EnrolOutcome> {
  try {
    const { Attributes } = await documentClient.send(
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
    await documentClient.send(
      new PutCommand({ TableName: tableName, Item: { ...keys.membership(studentId, classId), entity: 'Membership', studentId, classId } }),
    );
    const wasEnrolled = Boolean((Attributes?.students as Record<string, string> | undefined)?.[studentId]);
    return wasEnrolled ? 'alreadyEnrolled' : 'enrolled';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await getClass(classId)) ? 'full' : 'noClass';
  }
}

/** Removes a student from the roster and their membership; their progress stays (a re-enrolment finds it again). */
export async function unenrollStudent(classId: string, studentId: string): Promise<void> {
  await updateIfStill(classId, 'REMOVE students.#student', 'attribute_exists(pk)', undefined, { '#student': studentId });
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.membership(studentId, classId) }));
}

/**
 * Deletes a class with its memberships and progress (modules are the teachers' and stay). Ordered so that a retry
 * finishes the job: memberships and progress first, then the class item, then its catalogue entry.
 */
export async function deleteClassAndItsData(classId: string): Promise<void> {
  const record = await getClass(classId);
  const memberships = Object.keys(record?.students ?? {}).map((studentId) => keys.membership(studentId, classId));
  const progress = await queryByPrefix<Key>(queries.progressOfClass(classId), { projection: 'pk, sk' });
  await batchDelete([...memberships, ...progress.map(({ pk, sk }) => ({ pk, sk }))]);
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.classMeta(classId) }));
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.classCatalogue(classId) }));
}

/** One conditional update of a class item; false when the condition failed (the class or the member is gone). */
async function updateIfStill(
  classId: string,
  UpdateExpression: string,
  ConditionExpression: string,
  ExpressionAttributeValues: Record<string, unknown> | undefined,
  ExpressionAttributeNames?: Record<string, string>,
): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({ TableName: tableName, Key: keys.classMeta(classId), UpdateExpression, ConditionExpression, ExpressionAttributeValues, ExpressionAttributeNames }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

