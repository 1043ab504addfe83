// Data access for the administration of classes: a class created with its catalogue entry, renamed, given a teacher
// (checked against the teacher's access record in the same transaction), deleted with its data; students enrolled
// and unenrolled (enrolment item, the class's count with atomic ADDs, then the membership that grants access); the
// names on rosters following a rename. The items are the classes' (classes/adapters/class-repository.ts), whose reads
// this builds on.
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EnrolledStudent } from '../../classes/port';
import { enrolmentItem, formerClassItem, insertNewClass, makeClassRepository, membershipItem } from '../../classes/adapters/class-repository';
import { conflict } from '../../kernel/errors';
import type { EnrolOutcome, RosterStore } from '../port';
import { cancellationCodes, conditionally, finishNoticesOf, keys, makeTableAccess, queries, type Key, type TableContext } from '../../table/table';

/** A teacher assignment that met a change of the teacher's role. */
export const TEACHER_ROLE_CHANGED = "This person's role changed while they were being made the class's teacher; reload, then choose the teacher again.";

export function makeRosterRepository(context: TableContext): RosterStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);
  const classes = makeClassRepository(context);

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
    if (!inserted && !(await classes.getClass(classId))) return 'noClass';
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

  return {
    enrollStudent,

    insertClass: (record) => insertNewClass(context, record),

    /** Every class of the school, through the catalogue (entries whose class is gone are skipped). */
    async listAllClasses() {
      const entries = await table.queryByPrefix<{ classId: string }>(queries.allClasses(), { projection: 'classId' });
      return classes.getClasses(entries.map((entry) => entry.classId));
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

    /**
     * The former class first (a crash after it leaves a member with a record of leaving, which reads the same), then
     * access; the count goes down only for the call that removed the enrolment item (no double count).
     */
    async unenrollStudent(classId, studentId) {
      await client.send(new PutCommand({ TableName: tableName, Item: formerClassItem(studentId, classId) }));
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
      const roster = await classes.listAllStudents(classId);
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
      for (const record of await classes.listClassesByTeacher(teacherId)) {
        await updateIfStill(record.classId, 'SET teacherName = :name', 'teacherId = :teacher', { ':name': name, ':teacher': teacherId });
      }
    },

    /**
     * The student's enrolment item (name and e-mail) in each of their classes, only while it exists (no enrolment is
     * brought back). UpdateItem only, which is all this route may do.
     */
    async renameStudentInClasses({ studentId, name, email }) {
      for (const classId of await classes.listClassIdsOfStudent(studentId)) {
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
}
