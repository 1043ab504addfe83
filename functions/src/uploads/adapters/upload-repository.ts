// Data access for the multipart uploads the API started: one item per upload id, removed when it is finished or
// cancelled; DynamoDB's time to live removes the rest a while after they expire. Each teacher's open uploads are also
// kept on one item (`USER#{sub}` / `UPLOADS`, a map of key → expiry), so that the cap on them is one conditional write.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_TIME_TO_LIVE_ATTRIBUTE } from '@shared/table';
import type { UploadRecord, UploadStore } from '../port';
import { conditionally, keys, type TableContext } from '../../table/table';

/**
 * A write that lost a race reads the slots again: each loss means another request held or released one, so after
 * `max` and a few more, the slots are taken.
 */
const EXTRA_SLOT_ATTEMPTS = 5;

export function makeUploadRepository({ client, tableName }: TableContext): UploadStore {
  async function openUploadsOf(ownerId: string): Promise<Record<string, number> | undefined> {
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.uploadSlots(ownerId), ConsistentRead: true }),
    );
    return Item?.openUploads as Record<string, number> | undefined;
  }

  /**
   * One attempt: adds the key and drops the expired entries read, on condition that the map is as read (its size, and
   * those expired entries still in it), so the count it leaves is the one checked here whatever runs at the same time.
   */
  async function tryHold(ownerId: string, contentUrl: string, expiresAt: number, now: number, max: number) {
    const open = await openUploadsOf(ownerId);
    if (!open) {
      const created = await conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.uploadSlots(ownerId),
            UpdateExpression: 'SET openUploads = :open',
            ConditionExpression: 'attribute_not_exists(openUploads)',
            ExpressionAttributeValues: { ':open': { [contentUrl]: expiresAt } },
          }),
        ),
      );
      return created ? 'held' : 'raced';
    }
    const expired = Object.keys(open).filter((key) => open[key] <= now);
    if (Object.keys(open).length - expired.length >= max) return 'full';
    const names = Object.fromEntries([contentUrl, ...expired].map((key, index) => [`#k${index}`, key]));
    const expiredNames = expired.map((_, index) => `#k${index + 1}`);
    const held = await conditionally(() =>
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.uploadSlots(ownerId),
          UpdateExpression:
            'SET openUploads.#k0 = :expiresAt' + (expired.length ? ` REMOVE ${expiredNames.map((name) => `openUploads.${name}`).join(', ')}` : ''),
          ConditionExpression: ['size(openUploads) = :seen', ...expiredNames.map((name) => `attribute_exists(openUploads.${name})`)].join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':expiresAt': expiresAt, ':seen': Object.keys(open).length },
        }),
      ),
    );
    return held ? 'held' : 'raced';
  }

  return {
    async holdUploadSlot(ownerId, contentUrl, expiresAt, now, max) {
      for (let attempt = 0; attempt < max + EXTRA_SLOT_ATTEMPTS; attempt += 1) {
        const outcome = await tryHold(ownerId, contentUrl, Date.parse(expiresAt), now.getTime(), max);
        if (outcome !== 'raced') return outcome === 'held';
      }
      return false;
    },
    async releaseUploadSlot(ownerId, contentUrl) {
      await conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.uploadSlots(ownerId),
            UpdateExpression: 'REMOVE openUploads.#key',
            ConditionExpression: 'attribute_exists(openUploads.#key)',
            ExpressionAttributeNames: { '#key': contentUrl },
          }),
        ),
      );
    },
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
    countRenewal(uploadId, max) {
      return conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.upload(uploadId),
            UpdateExpression: 'ADD renewals :one',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(renewals) OR renewals < :max)',
            ExpressionAttributeValues: { ':one': 1, ':max': max },
          }),
        ),
      );
    },
    async forgetUpload(uploadId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: keys.upload(uploadId) }));
    },
  };
}
