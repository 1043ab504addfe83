// Data access for the text of stored files: one item per file (`FILE#{key}` / `TEXT`, beside its references), its
// pages kept as gzip-compressed JSON so a long document fits one item, and one counter per teacher that every stored
// text moves, so a search index knows when it is out of date without reading the texts.
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TextPage } from '@shared/contract/search';
import type { SectionTextStore, StoredText } from '../port';
import { conditionally, keys, makeTableAccess, type TableContext } from '../../table/table';

/** DynamoDB's item limit is 400 KB; the rest of the item is a few hundred bytes. */
export const MAX_STORED_PAGES_BYTES = 380_000;

interface TextItem {
  contentUrl: string;
  status: StoredText['status'];
  pages?: Uint8Array;
  at: string;
}

const pack = (pages: TextPage[]) => gzipSync(JSON.stringify(pages));
const unpack = (bytes: Uint8Array | undefined): TextPage[] => (bytes ? (JSON.parse(gunzipSync(bytes).toString('utf8')) as TextPage[]) : []);

export function makeSectionTextRepository(context: TableContext): SectionTextStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  const countChange = (ownerId: string) =>
    client.send(new UpdateCommand({ TableName: tableName, Key: keys.textVersion(ownerId), UpdateExpression: 'ADD version :one', ExpressionAttributeValues: { ':one': 1 } }));

  return {
    async getTexts(contentUrls) {
      // Every BatchGetItem at once: a search index of a whole library reads thousands of texts.
      const items = await table.batchGetAttributes<TextItem>(
        contentUrls.map((contentUrl) => keys.fileText(contentUrl)),
        ['contentUrl', 'status', 'pages', 'at'],
      );
      return new Map(items.map((item) => [item.contentUrl, { status: item.status, pages: unpack(item.pages), at: item.at }]));
    },

    async markPending(contentUrl, ownerId, at) {
      await client.send(
        new PutCommand({ TableName: tableName, Item: { ...keys.fileText(contentUrl), entity: 'SectionText', contentUrl, ownerId, status: 'pending', at } }),
      );
    },

    async saveText(contentUrl, ownerId, text, at) {
      // Pages that do not fit the item are left out from the end, as past any other limit.
      let pages = text.pages;
      let packed = pack(pages);
      let status = text.status;
      while (packed.length > MAX_STORED_PAGES_BYTES && pages.length > 0) {
        pages = pages.slice(0, pages.length - Math.ceil(pages.length / 10));
        packed = pack(pages);
        status = 'too-large';
      }
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.fileText(contentUrl),
            entity: 'SectionText',
            contentUrl,
            ownerId,
            status,
            pages: packed,
            pageCount: pages.length,
            at,
            ...(text.detail && { detail: text.detail }),
          },
        }),
      );
      await countChange(ownerId);
    },

    /** Conditional on no text at the copy's key: the copy's own extraction (its storage event) may have stored one. */
    async copyText(fromKey, toKey, toOwnerId) {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.fileText(fromKey), ConsistentRead: true }));
      if (!Item) return;
      await conditionally(() =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...Item, ...keys.fileText(toKey), contentUrl: toKey, ownerId: toOwnerId },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
      await countChange(toOwnerId);
    },

    async textVersion(ownerId) {
      const item = await table.getItem<{ version?: number }>(keys.textVersion(ownerId));
      return item?.version ?? 0;
    },
  };
}
