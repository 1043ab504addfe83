// Data access for classes: one small item per class (names, teacher, assigned modules as a string set for atomic ADD,
// and a student count kept with atomic ADDs), found by id or through the teacher's index; one item per enrolment in
// the class's partition (the roster, read in pages); one membership item per student (their classes, and the one
// read that authorizes a student action). Admin-created classes are also listed in a catalogue partition.
// Class items written before enrolment items kept the roster in a `students` map: readers accept that shape, any
// roster change moves it to items first, and `npm run migrate` moves them all (migrateRoster). Enrolment items written
// before they kept the student's e-mail get it from `npm run migrate` too (fillEnrolmentEmail). Each module's first
// assignment time is kept on the class item (the students' bells list new modules).
import { DeleteCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ClassRecord, ClassStore, EnrolledStudent, Enrolment, EnrolOutcome } from '../domain/ports';
import { conditionally, ENROLMENT_PREFIX, isConditionFailure, keys, makeTableAccess, prefixedAttributes, queries, type Key, type TableContext } from './table';

type ClassItem = Omit<ClassRecord, 'assignedModuleIds' | 'studentCount'> & {
  assignedModuleIds?: Set<string>;
  studentCount?: number;
  /** The roster as the previous version stored it (student id → name), until migrated. */
  students?: Record<string, string>;
};

function toRecord(item: Record<string, unknown>): ClassRecord {
  const { classId, className, teacherId, teacherName, students, studentCount, assignedModuleIds, createdBy } = item as unknown as ClassItem;
  const assignedAt = prefixedAttributes(item, ASSIGNED_AT_PREFIX);
  return {
    classId,
    className,
    teacherId: teacherId ?? '',
    teacherName: teacherName ?? '',
    studentCount: students ? Object.keys(students).length : Math.max(0, studentCount ?? 0),
    assignedModuleIds: [...(assignedModuleIds ?? [])].sort(),
    ...(Object.keys(assignedAt).length > 0 && { assignedAt }),
    ...(createdBy ? { createdBy } : {}),
  };
}

interface EnrolmentItem {
  studentId: string;
  name: string;
  email?: string;
  enrolledAt?: string;
}

const toEnrolment = ({ studentId, name, email, enrolledAt }: EnrolmentItem): Enrolment => ({
  studentId,
  name,
  ...(email ? { email } : {}),
  ...(enrolledAt ? { enrolledAt } : {}),
});

const enrolmentItem = (classId: string, { studentId, name, email, enrolledAt }: Enrolment) => ({
  ...keys.enrolment(classId, studentId),
  entity: 'Enrolment',
  classId,
  studentId,
  name,
  ...(email ? { email } : {}),
  ...(enrolledAt ? { enrolledAt } : {}),
});

const membershipItem = (studentId: string, classId: string) => ({ ...keys.membership(studentId, classId), entity: 'Membership', studentId, classId });

/** The roster of a class item of the previous shape, as enrolments in student-id order (the items' order). */
const legacyRoster = (students: Record<string, string>): Enrolment[] =>
  Object.entries(students)
    .map(([studentId, name]) => ({ studentId, name }))
    .sort((a, b) => (a.studentId < b.studentId ? -1 : a.studentId > b.studentId ? 1 : 0));

/** Each module's first assignment time is a top-level attribute, set with if_not_exists in the assigning update. */
const ASSIGNED_AT_PREFIX = 'assignedAt#';

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
    const [item, enrolments] = await Promise.all([
      readClassItem(classId),
      table.queryByPrefix<EnrolmentItem>(queries.rosterOfClass(classId)),
    ]);
    return item?.students ? legacyRoster(item.students) : enrolments.map(toEnrolment);
  }

  /**
   * Moves a roster of the previous shape (a `students` map on the class item) to enrolment items, memberships and a
   * count; true when there was one to move. Idempotent: the copies are plain puts, and the map is removed only at the
   * end, in a write conditional on it still being there.
   */
  async function migrateRoster(classId: string): Promise<boolean> {
    const item = await readClassItem(classId);
    if (!item?.students) return false;
    const roster = legacyRoster(item.students);
    await table.batchPut(roster.flatMap((enrolment) => [enrolmentItem(classId, enrolment), membershipItem(enrolment.studentId, classId)]));
    const enrolled = await table.queryByPrefix<Key>(queries.rosterOfClass(classId), { projection: 'pk, sk' });
    await conditionally(() =>
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.classMeta(classId),
          UpdateExpression: 'SET studentCount = :count REMOVE students',
          ConditionExpression: 'attribute_exists(students)',
          ExpressionAttributeValues: { ':count': enrolled.length },
        }),
      ),
    );
    return true;
  }

  /** Sets the class's student count to the number of its enrolment items (repairs drift after an interrupted change). */
  async function recountStudents(classId: string): Promise<number | undefined> {
    const enrolled = await table.queryByPrefix<Key>(queries.rosterOfClass(classId), { projection: 'pk, sk' });
    const done = await conditionally(() =>
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.classMeta(classId),
          UpdateExpression: 'SET studentCount = :count',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(students)',
          ExpressionAttributeValues: { ':count': enrolled.length },
        }),
      ),
    );
    return done ? enrolled.length : undefined;
  }

  /** Adds to the class's student count, if the class exists and its roster is items (false otherwise). */
  const changeStudentCount = (classId: string, by: 1 | -1) =>
    conditionally(() =>
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.classMeta(classId),
          UpdateExpression: 'ADD studentCount :by',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(students)',
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
      // The class is gone, or still keeps its roster in the previous shape: undo, then move that roster and retry.
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.enrolment(classId, studentId) }));
      if (!(await migrateRoster(classId))) return 'noClass';
      return enrollStudent(classId, student, enrolledAt);
    }
    if (!inserted && !(await readClassItem(classId))) return 'noClass';
    // Last, so that access follows a complete enrolment; rewriting it on a repeat completes one that failed here.
    await client.send(new PutCommand({ TableName: tableName, Item: membershipItem(studentId, classId) }));
    return inserted ? 'enrolled' : 'alreadyEnrolled';
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
      if (item) return toEnrolment(item);
      const name = (await readClassItem(classId))?.students?.[studentId];
      return name === undefined ? undefined : { studentId, name };
    },

    /** The class item and the page are read at once; a roster of the previous shape is paged from the class item. */
    async listStudents(classId, { limit, after }) {
      const [item, page] = await Promise.all([
        readClassItem(classId),
        table.queryPage<EnrolmentItem>(queries.rosterOfClass(classId), {
          limit,
          after: after === undefined ? undefined : keys.enrolment(classId, after).sk,
        }),
      ]);
      if (item?.students) {
        const roster = legacyRoster(item.students).filter((each) => after === undefined || each.studentId > after);
        const students = roster.slice(0, limit);
        return { students, ...(roster.length > limit ? { next: students.at(-1)!.studentId } : {}) };
      }
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
    addAssignedModule: (classId, teacherId, moduleId, assignedAt) =>
      changeAssignedModulesOfTeacher('ADD', classId, teacherId, moduleId, assignedAt),

    removeAssignedModuleOfTeacher: (classId, teacherId, moduleId) =>
      changeAssignedModulesOfTeacher('DELETE', classId, teacherId, moduleId),

    async removeAssignedModule(classId, moduleId) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.classMeta(classId),
          // A deleted module leaves no assignment time behind on the class.
          UpdateExpression: 'DELETE assignedModuleIds :module REMOVE #assignedAt',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#assignedAt': `${ASSIGNED_AT_PREFIX}${moduleId}` },
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

    /** Access goes first; the count goes down only for the call that removed the enrolment item (no double count). */
    async unenrollStudent(classId, studentId) {
      await migrateRoster(classId);
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.membership(studentId, classId) }));
      const { Attributes } = await client.send(
        new DeleteCommand({ TableName: tableName, Key: keys.enrolment(classId, studentId), ReturnValues: 'ALL_OLD' }),
      );
      if (Attributes) await changeStudentCount(classId, -1);
      return Boolean(Attributes);
    },

    /**
     * Ordered so that a retry finishes the job: memberships, then everything else in the class's partition
     * (enrolments, progress, counters), then the class item, then its catalogue entry.
     */
    async deleteClassAndItsData(classId) {
      const roster = await listAllStudents(classId);
      await table.batchDelete(roster.map(({ studentId }) => keys.membership(studentId, classId)));
      const partition = await table.queryByPrefix<Key>(queries.wholeClass(classId), { projection: 'pk, sk' });
      const classKey = keys.classMeta(classId);
      await table.batchDelete(partition.filter(({ sk }) => sk !== classKey.sk).map(({ pk, sk }) => ({ pk, sk })));
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
     * The student's roster entry in each of their classes, only while it exists (no enrolment is brought back): the
     * enrolment item (name and e-mail), or a roster of the previous shape's map entry (the name only; its e-mail comes
     * with `npm run migrate`). UpdateItem only, which is all this route may do.
     */
    async renameStudentInClasses({ studentId, name, email }) {
      for (const classId of await listClassIdsOfStudent(studentId)) {
        const renamed = await conditionally(() =>
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
        if (!renamed) {
          await updateIfStill(classId, 'SET students.#student = :name', 'attribute_exists(students.#student)', { ':name': name }, { '#student': studentId });
        }
      }
    },
  };

  /** Every class id in the table, by a Scan (maintenance only: finds classes written before the catalogue too). */
  async function scanClassIds(): Promise<string[]> {
    const classIds: string[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new ScanCommand({
          TableName: tableName,
          FilterExpression: 'sk = :class',
          ExpressionAttributeValues: { ':class': keys.classMeta('').sk },
          ProjectionExpression: 'classId',
          ExclusiveStartKey,
        }),
      );
      classIds.push(...(page.Items ?? []).map((item) => item.classId as string));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return classIds;
  }

  /**
   * One page of a class's enrolments, each with its `email` attribute as stored (absent on items written before it was
   * kept; '' when the directory had no e-mail to give). Maintenance: the migration walks rosters with it.
   */
  const enrolmentPage = async (classId: string, page: { limit: number; after?: string }) => {
    const { items, lastSortKey } = await table.queryPage<EnrolmentItem>(queries.rosterOfClass(classId), {
      limit: page.limit,
      after: page.after === undefined ? undefined : keys.enrolment(classId, page.after).sk,
    });
    return {
      enrolments: items.map(({ studentId, email }) => ({ studentId, ...(email === undefined ? {} : { email }) })),
      ...(lastSortKey ? { next: lastSortKey.slice(ENROLMENT_PREFIX.length) } : {}),
    };
  };

  /**
   * Gives an enrolment item written before enrolments kept the e-mail its student's e-mail ('' for a person the
   * directory no longer has: none to show, nothing to look up again); false when it has one by now or is gone. Only
   * this attribute is written, so a rename meanwhile is kept, and an unenrolment is not undone.
   */
  const fillEnrolmentEmail = (classId: string, studentId: string, email: string) =>
    conditionally(() =>
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.enrolment(classId, studentId),
          UpdateExpression: 'SET email = :email',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(email)',
          ExpressionAttributeValues: { ':email': email },
        }),
      ),
    );

  return { ...store, migrateRoster, recountStudents, scanClassIds, enrolmentPage, fillEnrolmentEmail };
}
