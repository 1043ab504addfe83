// The class report's kept rows (keys.reportRow): per student, a count of changes per module, which every write of their
// progress or overrides adds one to in its own transaction (report-row-change.ts), and the cells the download
// computed, each with the count it saw. Attributes are top-level, `changes#{moduleId}` (a number: ADD creates it) and
// `cell#{moduleId}` (one JSON string: a row of 20 cells reads as 20 strings, not 20 maps of attributes).
import type { ModuleScoreSummary } from '@shared/contract/checks';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { commitTransaction, makeCompletionWrites, type TransactItem } from '../../progress/adapters/completion-writes';
import { keys, makeTableAccess, prefixedAttributes, queries, REPORT_ROW_SHARDS, type TableContext } from '../../table/table';
import type { ReportRowRecord, ReportRowStore, StoredReportCell } from '../port';
import { CHANGES_PREFIX } from './report-row-change';

const CELL_PREFIX = 'cell#';
/** Row writes in flight at once: each is a small write of one item. */
const ROW_WRITES_IN_FLIGHT = 25;

/** A cell as stored: [seen, stamp, percentage, completed, total, lastActivityAt, then checks, passed, meanBestPercent when scored]. */
type EncodedCell = [number, string, number, number, number, string | null, ...([] | [number, number, number | null])];

const encodeCell = ({ seen, stamp, percentage, completed, total, lastActivityAt, scores }: StoredReportCell): string =>
  JSON.stringify([seen, stamp, percentage, completed, total, lastActivityAt, ...(scores ? [scores.checks, scores.passed, scores.meanBestPercent] : [])]);

function decodeCell(text: string): StoredReportCell {
  const [seen, stamp, percentage, completed, total, lastActivityAt, checks, passed, meanBestPercent] = JSON.parse(text) as EncodedCell;
  const scores: ModuleScoreSummary | undefined = checks === undefined ? undefined : { checks, passed: passed!, meanBestPercent: meanBestPercent ?? null };
  return { seen, stamp, percentage, completed, total, lastActivityAt, ...(scores && { scores }) };
}

/** Takes a module's count and cell out of the class's rows (with its progress, when the module is deleted). */
export async function forgetModuleInReportRows(context: TableContext, classId: string, moduleId: string): Promise<void> {
  const names = { '#changes': `${CHANGES_PREFIX}${moduleId}`, '#cell': `${CELL_PREFIX}${moduleId}` };
  const rows = await queryRows(makeTableAccess(context), classId);
  const holding = rows.filter((row) => names['#changes'] in row || names['#cell'] in row);
  for (let start = 0; start < holding.length; start += ROW_WRITES_IN_FLIGHT) {
    await Promise.all(
      holding.slice(start, start + ROW_WRITES_IN_FLIGHT).map((row) =>
        context.client.send(new UpdateCommand({ TableName: context.tableName, Key: { pk: row.pk, sk: row.sk }, UpdateExpression: 'REMOVE #changes, #cell', ExpressionAttributeNames: names })),
      ),
    );
  }
}

/** Every row of the class: one query per shard, at once. */
async function queryRows(table: ReturnType<typeof makeTableAccess>, classId: string) {
  const shards = Array.from({ length: REPORT_ROW_SHARDS }, (_, shard) => table.queryByPrefix<Record<string, unknown>>(queries.reportRowsOfClass(classId, String(shard))));
  return (await Promise.all(shards)).flat();
}

export function makeReportRowRepository(context: TableContext): ReportRowStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);
  const { enrolmentCheck } = makeCompletionWrites(tableName);
  return {
    async listReportRows(classId) {
      return (await queryRows(table, classId)).map(
        (item): ReportRowRecord => ({
          studentId: String(item.studentId),
          changes: prefixedAttributes<number>(item, CHANGES_PREFIX),
          cells: Object.fromEntries(Object.entries(prefixedAttributes(item, CELL_PREFIX)).map(([moduleId, text]) => [moduleId, decodeCell(text)])),
        }),
      );
    },

    async saveReportCells(classId, studentId, cells) {
      const entries = Object.entries(cells);
      const names = Object.fromEntries(entries.flatMap(([moduleId], index) => [[`#c${index}`, `${CELL_PREFIX}${moduleId}`], [`#n${index}`, `${CHANGES_PREFIX}${moduleId}`]]));
      const items: TransactItem[] = [
        {
          Update: {
            TableName: tableName,
            Key: keys.reportRow(classId, studentId),
            UpdateExpression: `SET entity = :reportRow, classId = :rowClass, studentId = :rowStudent, ${entries.map((_, index) => `#c${index} = :c${index}`).join(', ')}`,
            // No count yet is a count of 0: a first write meanwhile creates it, and the cell is not kept.
            ConditionExpression: entries.map(([, cell], index) => (cell.seen === 0 ? `attribute_not_exists(#n${index})` : `#n${index} = :n${index}`)).join(' AND '),
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: {
              ':reportRow': 'ReportRow',
              ':rowClass': classId,
              ':rowStudent': studentId,
              ...Object.fromEntries(entries.flatMap(([, cell], index) => [[`:c${index}`, encodeCell(cell)], ...(cell.seen === 0 ? [] : [[`:n${index}`, cell.seen]])])),
            },
          },
        },
        enrolmentCheck({ classId, studentId }),
      ];
      return (await commitTransaction(client, items)) === 'committed';
    },
  };
}
