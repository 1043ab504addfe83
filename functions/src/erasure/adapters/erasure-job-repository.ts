// The erase jobs: one item per erased person under their pseudonym (`ERASURE#{pseudonym}` / `ERASURE`). While the
// erase runs it holds whom it is about; once finished, only the pseudonym, the outcome and the time.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ErasureJob, ErasureJobStore, FinishedErasure } from '../port';
import { keys, type TableContext } from '../../table/table';

const jobKey = keys.erasureJob;

export function makeErasureJobRepository({ client, tableName }: TableContext): ErasureJobStore {
  async function get(pseudonym: string): Promise<ErasureJob | FinishedErasure | undefined> {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: jobKey(pseudonym), ConsistentRead: true }));
    if (!Item) return undefined;
    if (typeof Item.finishedAt === 'string') return { pseudonym, outcome: Item.outcome as FinishedErasure['outcome'], finishedAt: Item.finishedAt };
    const { pk: _pk, sk: _sk, entity: _entity, done, ...job } = Item;
    return { ...(job as Omit<ErasureJob, 'done'>), done: [...((done as Set<string> | undefined) ?? [])] };
  }

  return {
    get,

    /** Conditional on no job under the pseudonym; a concurrent start loses and works on the winner's job. */
    async start(job) {
      const { done: _done, ...rest } = job;
      try {
        await client.send(
          new PutCommand({ TableName: tableName, Item: { ...jobKey(job.pseudonym), entity: 'ErasureJob', ...rest }, ConditionExpression: 'attribute_not_exists(pk)' }),
        );
        return job;
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        const stored = await get(job.pseudonym);
        if (!stored || 'finishedAt' in stored) throw error;
        return stored;
      }
    },

    async markDone(pseudonym, step) {
      await client.send(
        new UpdateCommand({ TableName: tableName, Key: jobKey(pseudonym), UpdateExpression: 'ADD done :step', ExpressionAttributeValues: { ':step': new Set([step]) } }),
      );
    },

    async saveSweepPosition(pseudonym, from) {
      await client.send(
        new UpdateCommand({ TableName: tableName, Key: jobKey(pseudonym), UpdateExpression: 'SET sweepFrom = :from', ExpressionAttributeValues: { ':from': from } }),
      );
    },

    /** Replaces the job with what is left of it: nothing of the person. */
    async finish(pseudonym, at) {
      const stored = await get(pseudonym);
      if (!stored || 'finishedAt' in stored) return;
      await client.send(
        new PutCommand({ TableName: tableName, Item: { ...jobKey(pseudonym), entity: 'ErasureJob', pseudonym, outcome: stored.outcome, finishedAt: at } }),
      );
    },
  };
}
