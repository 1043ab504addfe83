// The OneRoster links and runs: one item per sourcedId in the `ONEROSTER` partition (a person's, a class's with its
// school and term, an enrolment's), put only while the sourcedId names no other record, so two imports at once cannot
// give one sourcedId two records; and one item per run in `ONEROSTER-RUNS`, read newest first.
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { OneRosterLinkKind, OneRosterLinks, OneRosterRun, OneRosterStore } from '../port';
import { conditionally, keys, makeTableAccess, queries, type TableContext } from '../../table/table';

/** What makes two links of a kind name the same record (the attributes the condition compares). */
const TARGET: Record<OneRosterLinkKind, string[]> = { people: ['userId'], classes: ['classId'], enrollments: ['classId', 'studentId'] };

export function makeOneRosterRepository(context: TableContext): OneRosterStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  return {
    async readLinks(kinds) {
      const read = (kind?: OneRosterLinkKind) => table.queryByPrefix<Record<string, string>>(queries.oneRosterLinks(kind), { consistent: true });
      const items = kinds ? (await Promise.all(kinds.map(read))).flat() : await read();
      const links: OneRosterLinks = { people: [], classes: [], enrollments: [] };
      for (const { pk: _pk, sk, entity: _entity, ...link } of items) {
        const kind = sk!.slice(0, sk!.indexOf('#')) as OneRosterLinkKind;
        (links[kind] as unknown[] | undefined)?.push(link);
      }
      return links;
    },

    link(kind, link) {
      const targets = TARGET[kind];
      return conditionally(() =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.oneRosterLink(kind, link.sourcedId), entity: 'OneRosterLink', ...link },
            ConditionExpression: `attribute_not_exists(pk) OR (${targets.map((name) => `#${name} = :${name}`).join(' AND ')})`,
            ExpressionAttributeNames: Object.fromEntries(targets.map((name) => [`#${name}`, name])),
            ExpressionAttributeValues: Object.fromEntries(targets.map((name) => [`:${name}`, (link as unknown as Record<string, string>)[name]])),
          }),
        ),
      );
    },

    async unlink(kind, sourcedId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.oneRosterLink(kind, sourcedId) }));
    },

    async recordRun(run) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.oneRosterRun(run.at, run.runId), entity: 'OneRosterRun', ...run },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async recentRuns(limit) {
      const { Items = [] } = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :partition',
          ExpressionAttributeValues: { ':partition': keys.oneRosterRun('', '').pk },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return Items.map(({ pk: _pk, sk: _sk, entity: _entity, ...run }) => run as OneRosterRun);
    },
  };
}
