// Data access for the daily drafting limits: one counter item per teacher (and one for the school) and UTC day, counted
// with one conditional UpdateItem (no read), given back the same way when a run produced no drafts, removed by the
// table's time to live a day after that day ends.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_TIME_TO_LIVE_ATTRIBUTE } from '@shared/table';
import type { DraftCounter, DraftQuota } from '../port';
import { conditionally, keys, type TableContext } from '../../table/table';

const DAY_SECONDS = 24 * 60 * 60;

const counterKey = (counter: DraftCounter, day: string) => (counter === 'school' ? keys.schoolDraftDay(day) : keys.draftDay(counter.teacherId, day));

export function makeDraftQuota({ client, tableName }: TableContext): DraftQuota {
  return {
    takeDraft(counter, day, max) {
      return conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: counterKey(counter, day),
            UpdateExpression: 'ADD drafts :one SET #expires = if_not_exists(#expires, :expires)',
            ConditionExpression: 'attribute_not_exists(drafts) OR drafts < :max',
            ExpressionAttributeNames: { '#expires': TABLE_TIME_TO_LIVE_ATTRIBUTE },
            ExpressionAttributeValues: { ':one': 1, ':max': max, ':expires': Date.parse(`${day}T00:00:00Z`) / 1000 + 2 * DAY_SECONDS },
          }),
        ),
      );
    },
    async returnDraft(counter, day) {
      await conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: counterKey(counter, day),
            UpdateExpression: 'ADD drafts :minusOne',
            ConditionExpression: 'drafts > :zero',
            ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
          }),
        ),
      );
    },
  };
}
