// The people index: the table's searchable copy of the directory. One small item per person (a few hundred bytes) on
// the owner index, in one of PEOPLE_SHARDS partitions by their id, each in order of the normalised display name, so a
// search is one Query per shard, all at once, with a filter (every word of the search `contains` the item's normalised
// "name e-mail" text, the rule of shared/people-search.ts; the role and status by equality), merged in name order.
// 5,000 people are about 1.5 MB: each shard's Query filters a few hundred of them in one page, and a page without
// filters reads little more than its own items.
import { PutCommand, QueryCommand, UpdateCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { displayName } from '@shared/person-name';
import { normaliseSearchText, personSearchText, searchTerms } from '@shared/people-search';
import { PERSON_STATUSES } from '@shared/people';
import type { Person } from '@shared/contract/people';
import { isRole } from '@shared/roles';
import { TABLE_KEYS } from '@shared/table';
import { invalid } from '../../kernel/errors';
import type { PeopleIndex, PersonField } from '../port';
import { conditionally, keys, makeTableAccess, PEOPLE_SHARDS, queries, type TableContext } from '../../table/table';

const CURSOR_ERROR = 'next is not one this list gave; start again without it.';

const sortName = (person: Pick<Person, 'name' | 'email'>) => normaliseSearchText(displayName(person));

/** The attributes the copy keeps besides its keys, from the person. */
function copyAttributes(person: Person): Record<string, unknown> {
  return {
    userId: person.userId,
    email: person.email,
    name: person.name,
    ...(person.role ? { role: person.role } : {}),
    status: person.status,
    createdAt: person.createdAt,
    search: personSearchText(person),
    ...keys.peopleIndex(sortName(person), person.userId),
  };
}

const copyItem = (person: Person) => ({ ...keys.personCopy(person.userId), entity: 'PersonCopy', ...copyAttributes(person) });

const encodeCursor = (indexSortKey: string) => Buffer.from(indexSortKey, 'utf8').toString('base64url');

/** The owner-index sort key a cursor continues after; refused unless it is exactly what encodeCursor gave. */
function decodeCursor(next: string): string {
  const sortKey = Buffer.from(next, 'base64url').toString('utf8');
  if (!next || encodeCursor(sortKey) !== next || !/#[^#]+$/.test(sortKey)) throw invalid(CURSOR_ERROR, { next: CURSOR_ERROR });
  return sortKey;
}

/** Two copies in the owner index's order: their sort keys' UTF-8 bytes, as DynamoDB orders them. */
const inIndexOrder = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Buffer.compare(Buffer.from(String(a[TABLE_KEYS.byOwnerIndex.sortKey])), Buffer.from(String(b[TABLE_KEYS.byOwnerIndex.sortKey])));

/** Every shard's query of the people index. */
const peopleShards = Array.from({ length: PEOPLE_SHARDS }, (_, shard) => queries.peopleShard(String(shard)));

/** A shard's copies read so far and not yet given, and where its next page starts (none: read to its end). */
interface ShardReading {
  partition: string;
  unread: Record<string, unknown>[];
  startKey?: Record<string, unknown>;
  done: boolean;
}

export function makePeopleIndexRepository(context: TableContext): PeopleIndex {
  const { client, tableName } = context;
  const table = makeTableAccess(context);
  const { name: IndexName, partitionKey, sortKey } = TABLE_KEYS.byOwnerIndex;
  const everyCopy = <T>(projection?: string) =>
    Promise.all(peopleShards.map((shard) => table.queryByPrefix<T>(shard, { onOwnerIndex: true, ...(projection && { projection }) }))).then((shards) => shards.flat());

  return {
    async save(person) {
      await client.send(new PutCommand({ TableName: tableName, Item: copyItem(person) }));
    },

    async update(person, changed) {
      const attributes: Record<string, unknown> = { entity: 'PersonCopy', ...copyAttributes(person) };
      // The name decides the search text and the order; e-mail, id and creation never change.
      const set = new Set<string>(changed.flatMap((field: PersonField) => (field === 'name' ? ['name', 'search', sortKey] : [field])));
      const names = Object.keys(attributes);
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.personCopy(person.userId),
          UpdateExpression: `SET ${names
            .map((name, index) => (set.has(name) ? `#a${index} = :v${index}` : `#a${index} = if_not_exists(#a${index}, :v${index})`))
            .join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#a${index}`, name])),
          ExpressionAttributeValues: Object.fromEntries(names.map((name, index) => [`:v${index}`, attributes[name]])),
        }),
      );
    },

    async markSignedIn(userId) {
      await conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.personCopy(userId),
            UpdateExpression: 'SET #status = :active',
            ConditionExpression: '#status = :invited',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':active': 'active', ':invited': 'invited' },
          }),
        ),
      );
    },

    /**
     * Merges the shards in name order: a copy is given only once every shard not read to its end holds one unread (a
     * later name) to compare it with, so a shard whose unread copies ran out is read further first. Without a filter a
     * shard's page is about twice its share of the page; with one, DynamoDB reads 1 MB at a time.
     */
    async search({ search, role, statuses = [], next }, pageSize) {
      const after = next === undefined ? undefined : decodeCursor(next);
      const filters: string[] = [];
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      searchTerms(search).forEach((term, index) => {
        names['#search'] = 'search';
        values[`:term${index}`] = term;
        filters.push(`contains(#search, :term${index})`);
      });
      if (role) {
        names['#role'] = 'role';
        values[':role'] = role;
        filters.push('#role = :role');
      }
      if (statuses.length) {
        names['#status'] = 'status';
        statuses.forEach((status, index) => (values[`:status${index}`] = status));
        filters.push(`#status IN (${statuses.map((_, index) => `:status${index}`).join(', ')})`);
      }

      const people: Person[] = [];
      const shards: ShardReading[] = peopleShards.map(({ partition }) => ({ partition, unread: [], done: false }));
      const readFurther = async (shard: ShardReading) => {
        const page: QueryCommandOutput = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName,
            KeyConditionExpression: `${partitionKey} = :partition${after === undefined ? '' : ` AND ${sortKey} > :after`}`,
            ...(filters.length ? { FilterExpression: filters.join(' AND '), ExpressionAttributeNames: names } : {}),
            ExpressionAttributeValues: { ...values, ':partition': shard.partition, ...(after !== undefined && { ':after': after }) },
            ...(filters.length ? {} : { Limit: Math.ceil((2 * (pageSize - people.length)) / PEOPLE_SHARDS) }),
            ExclusiveStartKey: shard.startKey,
          }),
        );
        shard.unread.push(...(page.Items ?? []));
        shard.startKey = page.LastEvaluatedKey;
        shard.done = page.LastEvaluatedKey === undefined;
      };
      while (people.length < pageSize) {
        const exhausted = shards.filter((shard) => shard.unread.length === 0 && !shard.done);
        if (exhausted.length > 0) {
          await Promise.all(exhausted.map(readFurther));
          continue;
        }
        const first = shards
          .filter((shard) => shard.unread.length > 0)
          .reduce<ShardReading | undefined>((best, shard) => (!best || inIndexOrder(shard.unread[0]!, best.unread[0]!) < 0 ? shard : best), undefined);
        if (!first) break;
        const person = toPerson(first.unread.shift()!);
        if (person) people.push(person);
      }
      const last = people.at(-1);
      const moreMayFollow = shards.some((shard) => shard.unread.length > 0 || !shard.done);
      return {
        people,
        ...(moreMayFollow && last ? { next: encodeCursor(keys.peopleIndex(sortName(last), last.userId).gsi1sk) } : {}),
      };
    },

    async everyone() {
      const copies = await everyCopy<Record<string, unknown>>();
      copies.sort(inIndexOrder);
      return copies.map(toPerson).filter((person): person is Person => person !== undefined);
    },

    async replaceAll(everyone) {
      const kept = new Set(everyone.map((person) => person.userId));
      const copies = await everyCopy<{ userId: string }>('userId');
      const gone = copies.filter((copy) => !kept.has(copy.userId));
      await table.batchPut(everyone.map(copyItem));
      await table.batchDelete(gone.map((copy) => keys.personCopy(copy.userId)));
      return { saved: everyone.length, removed: gone.length };
    },

    async get(userId) {
      const item = await table.getItem(keys.personCopy(userId));
      return item && toPerson(item);
    },

    async disabledAmong(userIds) {
      const copies = await table.batchGetAttributes<Pick<Person, 'userId' | 'status'>>(userIds.map(keys.personCopy), ['userId', 'status']);
      return new Set(copies.filter((copy) => copy.status === 'disabled').map((copy) => copy.userId));
    },
  };
}

function toPerson(item: Record<string, unknown>): Person | undefined {
  const { userId, email, name, role, status, createdAt } = item as Partial<Record<keyof Person, unknown>>;
  if (typeof userId !== 'string' || typeof email !== 'string' || typeof createdAt !== 'string') return undefined;
  if (!PERSON_STATUSES.includes(status as Person['status'])) return undefined;
  return {
    userId,
    email,
    name: typeof name === 'string' ? name : '',
    role: typeof role === 'string' && isRole(role) ? role : null,
    status: status as Person['status'],
    createdAt,
  };
}
