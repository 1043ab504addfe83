// Data access for the per-caller rate limit: one item per person and time window, counted with one conditional
// UpdateItem (no read), removed by the table's time to live once the window is over.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_TIME_TO_LIVE_ATTRIBUTE } from '@shared/table';
import type { RequestCounter } from '../platform/rate-limit';
import { conditionally, keys, type TableContext } from './table';

export function makeRequestCounter({ client, tableName }: TableContext): RequestCounter {
  return {
    countRequest(userId, window, limit) {
      return conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.requestWindow(userId, new Date(window.start).toISOString()),
            UpdateExpression: 'ADD requests :one SET #expires = if_not_exists(#expires, :expires)',
            ConditionExpression: 'attribute_not_exists(requests) OR requests < :limit',
            ExpressionAttributeNames: { '#expires': TABLE_TIME_TO_LIVE_ATTRIBUTE },
            ExpressionAttributeValues: {
              ':one': 1,
              ':limit': limit,
              ':expires': Math.ceil(window.start / 1000) + window.seconds,
            },
          }),
        ),
      );
    },
  };
}
