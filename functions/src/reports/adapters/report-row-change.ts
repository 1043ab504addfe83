// What every write of a student's progress or overrides adds to its transaction for the class report's kept row
// (report-row-repository.ts): one more change of the module, so the download computes that cell again.
import type { TransactItem } from '../../progress/adapters/completion-writes';
import type { ProgressKey } from '../../progress/port';
import { keys } from '../../table/table';

/** A row's count of changes in one module: `changes#{moduleId}`, a number ADD creates. */
export const CHANGES_PREFIX = 'changes#';

/**
 * The part of a progress or override write that tells the report the student's cell in the module changed: one ADD
 * on their row (created if need be), in the same transaction as the write, so no change goes uncounted.
 */
export const reportRowChange = (tableName: string, { classId, moduleId, studentId }: ProgressKey): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: keys.reportRow(classId, studentId),
    UpdateExpression: 'ADD #changes :one SET entity = :reportRow, classId = :rowClass, studentId = :rowStudent',
    ExpressionAttributeNames: { '#changes': `${CHANGES_PREFIX}${moduleId}` },
    ExpressionAttributeValues: { ':one': 1, ':reportRow': 'ReportRow', ':rowClass': classId, ':rowStudent': studentId },
  },
});

