// Data access for the multipart uploads the API started: one item per upload id, removed when it is finished or
// cancelled; DynamoDB's time to live removes the rest a while after they expire.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_TIME_TO_LIVE_ATTRIBUTE } from '@shared/table';
import type { UploadRecord, UploadStore } from '../domain/ports';
import { keys, type TableContext } from './table';

export function makeUploadRepository({ client, tableName }: TableContext): UploadStore {
  return {
    async recordUpload(record) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.upload(record.uploadId),
            entity: 'Upload',
            ...record,
            [TABLE_TIME_TO_LIVE_ATTRIBUTE]: Math.ceil(Date.parse(record.expiresAt) / 1000),
          },
        }),
      );
    },
    async getUpload(uploadId) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.upload(uploadId), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      const { contentUrl, ownerId, size, partSize, expiresAt } = Item as UploadRecord;
      return { uploadId, contentUrl, ownerId, size, partSize, expiresAt };
    },
    async forgetUpload(uploadId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.upload(uploadId) }));
    },
  };
}
