// Data access for classes: one item per class holding its teacher's and students' names (so rosters and reports need
// no user look-ups) and its assigned modules as a string set (atomic ADD), found by id or through the teacher's
// index; plus one membership item per student for "my classes".
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ClassRecord, ClassStore } from '../domain/ports';
import { conditionally, isConditionFailure, keys, makeTableAccess, queries, type TableContext } from './table';

type ClassItem = Omit<ClassRecord, 'assignedModuleIds'> & { assignedModuleIds?: Set<string> };

function toRecord(item: Record<string, unknown>): ClassRecord {
  const { classId, className, teacherId, teacherName, students, assignedModuleIds } = item as unknown as ClassItem;
  return {
    classId,
    className,
    teacherId,
    teacherName,
    students: students ?? {},
    assignedModuleIds: [...(assignedModuleIds ?? [])].sort(),
  };
}

export function makeClassRepository(context: TableContext): ClassStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  return {
    async getClass(classId) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.classMeta(classId), ConsistentRead: true }),
      );
      return Item && toRecord(Item);
    },

    async getClasses(classIds) {
      const items = await table.batchGet<Record<string, unknown>>(classIds.map(keys.classMeta));
      return items.map(toRecord);
    },

    async listClassesByTeacher(teacherId) {
      const items = await table.queryByPrefix<Record<string, unknown>>(queries.classesOfTeacher(teacherId), {
        onOwnerIndex: true,
      });
      return items.map(toRecord);
    },

    async listClassIdsOfStudent(studentId) {
      const items = await table.queryByPrefix<{ classId: string }>(queries.classesOfStudent(studentId));
      return items.map((item) => item.classId);
    },

    insertClass: (record) =>
      conditionally(() =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.classMeta(record.classId),
              ...keys.classTeacherIndex(record.teacherId, record.classId),
              entity: 'Class',
              ...record,
              students: {},
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      ),

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
    async addAssignedModule(classId, teacherId, moduleId) {
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.classMeta(classId),
            UpdateExpression: 'ADD assignedModuleIds :module',
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
    },

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
  };
}
