// TransactWriteItems for the local DynamoDB twin, which dynalite 4.0.0 lacks, with DynamoDB's guarantee: every write
// of the transaction or none, whatever fails or crashes. The transaction takes dynalite's own per-item locks on every
// item it names (those its PutItem, UpdateItem and DeleteItem take, so single-item writes wait for it too), checks
// every condition, then runs dynalite's own PutItem / UpdateItem / DeleteItem against a staging view of its store that
// records their writes (items and index entries) instead of making them, and commits those with one LevelDB batch:
// atomic on disk, so a process killed at any point leaves all of the transaction or none of it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import dynaliteDb, { type BatchOperation, type DynaliteStore, type DynaliteSubDb, type DynaliteTable } from 'dynalite/db';
import validations from 'dynalite/validations';
import deleteItem from 'dynalite/actions/deleteItem';
import putItem from 'dynalite/actions/putItem';
import updateItem from 'dynalite/actions/updateItem';
import deleteItemRules from 'dynalite/validations/deleteItem';
import putItemRules from 'dynalite/validations/putItem';
import updateItemRules from 'dynalite/validations/updateItem';

export const TRANSACT_WRITE_TARGET = 'DynamoDB_20120810.TransactWriteItems';

/** DynamoDB's limit on the items of one transaction. */
const MAX_TRANSACTION_ITEMS = 100;

type Kind = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
type ItemRequest = Record<string, unknown>;

/** Each kind of transaction item is validated by, and (but a condition check) applied with, the single-item action. */
const SINGLE_ITEM = {
  Put: { rules: putItemRules, apply: putItem },
  Update: { rules: updateItemRules, apply: updateItem },
  Delete: { rules: deleteItemRules, apply: deleteItem },
  // Key, condition, names and values: what DeleteItem validates; never applied.
  ConditionCheck: { rules: deleteItemRules, apply: undefined },
} as const;

interface Operation {
  kind: Kind;
  data: ItemRequest;
  table: DynaliteTable;
  key: string;
  returnOldOnFailure: boolean;
}

/** An answer the HTTP layer writes as the DynamoDB JSON protocol does. */
export interface TwinAnswer {
  status: number;
  body: object;
}

class TwinError extends Error {
  constructor(readonly answer: TwinAnswer) {
    super(JSON.stringify(answer.body));
  }
}

const validationError = (message: string) =>
  new TwinError({ status: 400, body: { __type: 'com.amazon.coral.validate#ValidationException', message } });

/** dynalite's own errors carry their status and body. */
const asTwinError = (error: unknown) =>
  error instanceof TwinError
    ? error
    : (error as { statusCode?: number }).statusCode
      ? new TwinError({ status: (error as { statusCode: number }).statusCode, body: (error as { body: object }).body })
      : undefined;

const callback = <T>(run: (done: (error: unknown, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));

/** Runs one TransactWriteItems request body against the store dynalite serves. */
export async function transactWrite(store: DynaliteStore, body: string): Promise<TwinAnswer> {
  try {
    const operations = await parse(store, body);
    return await underLocks(store, operations, () => apply(store, operations));
  } catch (error) {
    const known = asTwinError(error);
    if (known) return known.answer;
    throw error;
  }
}

async function parse(store: DynaliteStore, body: string): Promise<Operation[]> {
  let request: { TransactItems?: unknown };
  try {
    request = JSON.parse(body) as { TransactItems?: unknown };
  } catch {
    throw new TwinError({ status: 400, body: { __type: 'com.amazon.coral.service#SerializationException' } });
  }
  const items = request.TransactItems;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_TRANSACTION_ITEMS) {
    throw validationError(`TransactItems must hold 1 to ${MAX_TRANSACTION_ITEMS} items.`);
  }
  const operations: Operation[] = [];
  for (const entry of items as Record<string, ItemRequest>[]) {
    const kinds = Object.keys(entry).filter((name): name is Kind => name in SINGLE_ITEM);
    if (kinds.length !== 1) throw validationError('Each transaction item must be exactly one of Put, Update, Delete or ConditionCheck.');
    const kind = kinds[0];
    const { rules } = SINGLE_ITEM[kind];
    const returnOldOnFailure = entry[kind].ReturnValuesOnConditionCheckFailure === 'ALL_OLD';
    const data = validations.checkTypes({ ...entry[kind] }, rules.types);
    validations.checkValidations(data, rules.types, rules.custom, store);
    const table = await callback<DynaliteTable>((done) => store.getTable(String(data.TableName), done));
    const key = dynaliteDb.createKey((kind === 'Put' ? data.Item : data.Key) as ItemRequest, table);
    if (operations.some((other) => other.table.TableName === table.TableName && other.key === key)) {
      throw validationError('Transaction request cannot include multiple operations on one item');
    }
    operations.push({ kind, data, table, key, returnOldOnFailure });
  }
  return operations;
}

/** Holds dynalite's item locks of every item named (table by table, keys sorted: no two transactions wait on each other). */
async function underLocks<T>(store: DynaliteStore, operations: Operation[], run: () => Promise<T>): Promise<T> {
  const releases: (() => void)[] = [];
  try {
    for (const tableName of [...new Set(operations.map((operation) => operation.table.TableName))].sort()) {
      const keys = operations.filter((operation) => operation.table.TableName === tableName).map((operation) => operation.key).sort();
      releases.push(await new Promise<() => void>((resolve) => store.getItemDb(tableName).lock(keys, (release) => resolve(release(() => {})))));
    }
    return await run();
  } finally {
    for (const release of releases) release();
  }
}

async function apply(store: DynaliteStore, operations: Operation[]): Promise<TwinAnswer> {
  const before = await Promise.all(
    operations.map(({ table, key }) =>
      callback<ItemRequest | undefined>((done) =>
        store.getItemDb(table.TableName).get(key, (error, item) => done(error && error.name !== 'NotFoundError' ? error : null, item ?? undefined)),
      ),
    ),
  );
  const reasons = operations.map(({ data, returnOldOnFailure }, index) =>
    dynaliteDb.checkConditional(data, before[index])
      ? { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', ...(returnOldOnFailure && before[index] && { Item: before[index] }) }
      : { Code: 'None' },
  );
  if (reasons.some((reason) => reason.Code !== 'None')) {
    return {
      status: 400,
      body: {
        __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
        message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((reason) => reason.Code).join(', ')}]`,
        CancellationReasons: reasons,
      },
    };
  }
  const writes: BatchOperation[] = [];
  const staging = stagingView(store, writes);
  for (const { kind, data } of operations) {
    const action = SINGLE_ITEM[kind].apply;
    if (action) await callback((done) => action(staging, data, done));
  }
  await callback((done) => store.db.batch(writes, done));
  return { status: 200, body: {} };
}

/**
 * The store as dynalite's actions see it, but whose item and index databases record writes rather than make them
 * (keys prefixed as dynalite 4.0.0 names its sub-databases, `db/index.js` getItemDb / getIndexDb), and whose locks are
 * already held by the transaction.
 */
function stagingView(store: DynaliteStore, writes: BatchOperation[]): DynaliteStore {
  const staged = (real: DynaliteSubDb, prefix: string): DynaliteSubDb => ({
    get: (key, done) => real.get(key, done),
    put: (key, value, done) => {
      writes.push({ type: 'put', key: prefix + key, value });
      setImmediate(done);
    },
    del: (key, done) => {
      writes.push({ type: 'del', key: prefix + key });
      setImmediate(done);
    },
    lock: (_keys, exec) => exec((done) => done),
  });
  return {
    ...store,
    getItemDb: (tableName) => staged(store.getItemDb(tableName), `item-${tableName}~`),
    getIndexDb: (indexType, tableName, indexName) =>
      staged(store.getIndexDb(indexType, tableName, indexName), `index-${indexType.toLowerCase()}~${tableName}~${indexName}~`),
  };
}

/** Answers a TransactWriteItems request on dynalite's HTTP server. */
export function answerTransactWrite(store: DynaliteStore, request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const respond = ({ status, body }: TwinAnswer) => {
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': randomUUID() });
      response.end(JSON.stringify(body));
    };
    transactWrite(store, Buffer.concat(chunks).toString('utf8')).then(respond, (error: unknown) =>
      respond({ status: 500, body: { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: (error as Error).message } }),
    );
  });
}
