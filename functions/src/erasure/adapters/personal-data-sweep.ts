// The erase's last pass over the table: a Scan, page by page, of every item, each checked for the person's id or
// e-mail (anywhere in it: keys, attributes, sets, lists) and treated as erasure-plan.ts says for its type. A Scan
// because an item may name the person without any key saying so (an audit entry, a class's creator, a day's active
// students); an erase is rare, and the job keeps the position, so a table too big for one call is finished by the next.
import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ERASURE_UNKNOWN_ITEM, itemTypeOf } from '../erasure-plan';
import type { PersonalDataSweep, SweepTarget } from '../port';
import { isConditionFailure, makeTableAccess, type Key, type TableContext } from '../../table/table';

type Item = Record<string, unknown>;

/** Rewrites of one item before giving up: each lost try means the item changed between its read and its write. */
const REWRITE_TRIES = 3;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The person's id, e-mail and (where it is looked for) name, as one case-insensitive pattern of whole words: a name
 * "Al" is not found in "Algebra".
 */
const patternOf = (terms: string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.filter((term) => term.trim().length > 0).map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu');

/** Every text an attribute value holds: strings, set members, list and map values, map keys. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value instanceof Set) return [...value].flatMap(textsOf);
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) return Object.entries(value).flatMap(([key, inner]) => [key, ...textsOf(inner)]);
  return [];
}

const holds = (value: unknown, pattern: RegExp) => textsOf(value).some((text) => new RegExp(pattern.source, 'iu').test(text));

/** The value with the person replaced by the pseudonym (strings) or left out (set members). */
function rewritten(value: unknown, pattern: RegExp, pseudonym: string): unknown {
  if (typeof value === 'string') return value.replace(pattern, pseudonym);
  if (value instanceof Set) return new Set([...value].filter((member) => !holds(member, pattern)));
  if (Array.isArray(value)) return value.map((inner) => rewritten(inner, pattern, pseudonym));
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.replace(pattern, pseudonym), rewritten(inner, pattern, pseudonym)]));
  }
  return value;
}

export function makePersonalDataSweep(context: TableContext): PersonalDataSweep {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  /**
   * Someone else's item that mentions the person: each attribute holding them is set to its rewritten value on the
   * condition that it still holds what was read (a concurrent change is read again); set members leave with DELETE.
   */
  async function rewrite(read: Item, pattern: RegExp, pseudonym: string): Promise<void> {
    let item: Item | undefined = read;
    for (let attempt = 0; item && attempt < REWRITE_TRIES; attempt += 1) {
      const changed = Object.entries(item).filter(([name, value]) => name !== 'pk' && name !== 'sk' && holds(value, pattern));
      if (changed.length === 0) return;
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      const set: string[] = [];
      const remove: string[] = [];
      const conditions: string[] = [];
      changed.forEach(([name, value], index) => {
        names[`#a${index}`] = name;
        if (value instanceof Set) {
          remove.push(`#a${index} :gone${index}`);
          values[`:gone${index}`] = new Set([...value].filter((member) => holds(member, pattern)));
          return;
        }
        set.push(`#a${index} = :new${index}`);
        values[`:new${index}`] = rewritten(value, pattern, pseudonym);
        if (typeof value === 'string') {
          conditions.push(`#a${index} = :old${index}`);
          values[`:old${index}`] = value;
        }
      });
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: [set.length > 0 ? `SET ${set.join(', ')}` : '', remove.length > 0 ? `DELETE ${remove.join(', ')}` : ''].filter(Boolean).join(' '),
            ConditionExpression: ['attribute_exists(pk)', ...conditions].join(' AND '),
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        );
        return;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        ({ Item: item } = await client.send(new GetCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk }, ConsistentRead: true })));
      }
    }
    if (item) throw new Error(`The item ${String(item.pk)} / ${String(item.sk)} kept changing while the erase rewrote it: erase again.`);
  }

  async function sweepTablePage({ person, pseudonym }: SweepTarget, from?: string): Promise<{ next?: string }> {
    const page = await client.send(
      new ScanCommand({ TableName: tableName, ConsistentRead: true, ...(from ? { ExclusiveStartKey: JSON.parse(from) as Key } : {}) }),
    );
    const idOrEmail = patternOf([person.userId, person.email]);
    const withName = patternOf([person.userId, person.email, person.name]);
    const deletions: Key[] = [];
    for (const item of page.Items ?? []) {
      const [pk, sk] = [String(item.pk), String(item.sk)];
      const type = itemTypeOf(pk, sk);
      const pattern = type?.byName ? withName : idOrEmail;
      if (!Object.values(item).some((value) => holds(value, pattern))) continue;
      if (!type) throw new Error(ERASURE_UNKNOWN_ITEM(pk, sk));
      const keyed = holds(pk, idOrEmail) || holds(sk, idOrEmail);
      const treatment = type.treatment === 'deleteIfKeyed' ? (keyed ? 'delete' : 'rewrite') : type.treatment;
      if (treatment === 'delete') deletions.push({ pk, sk });
      else if (treatment === 'rewrite') await rewrite(item, withName, pseudonym);
    }
    await table.batchDelete(deletions);
    return page.LastEvaluatedKey ? { next: JSON.stringify(page.LastEvaluatedKey) } : {};
  }

  return { sweepTablePage };
}
