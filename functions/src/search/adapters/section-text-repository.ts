// Data access for the text of stored files: one item per file (`FILE#{key}` / `TEXT`, beside its references), its
// pages and their terms (what the search index counts: tokenized once, here, as the text is stored) kept as
// gzip-compressed JSON so a long document fits one item, and one counter per teacher that every stored text moves, so
// a search index knows when it is out of date without reading the texts.
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TextPage } from '@shared/contract/search';
import type { PageTerms, SectionTextStore, StoredText } from '../port';
import { conditionally, keys, makeTableAccess, type TableContext } from '../../table/table';
import { termsOf } from './text-index';

/** DynamoDB's item limit is 400 KB; the rest of the item is a few hundred bytes. */
export const MAX_STORED_PAGES_BYTES = 380_000;

interface TextItem {
  contentUrl: string;
  status: StoredText['status'];
  pages?: Uint8Array;
  terms?: Uint8Array;
  pageCount?: number;
  at: string;
}

const pack = (value: TextPage[] | PageTerms[]) => gzipSync(JSON.stringify(value));
const unpack = <T>(bytes: Uint8Array | undefined): T[] => (bytes ? (JSON.parse(gunzipSync(bytes).toString('utf8')) as T[]) : []);

/** The pages and their terms, packed; pages that do not fit the item are left out from the end (and their terms). */
function packToFit(text: { status: StoredText['status']; pages: TextPage[] }) {
  const terms = termsOf(text.pages);
  let kept = text.pages.length;
  let packed = { pages: pack(text.pages), terms: pack(terms) };
  while (packed.pages.length + packed.terms.length > MAX_STORED_PAGES_BYTES && kept > 0) {
    kept -= Math.ceil(kept / 10);
    packed = { pages: pack(text.pages.slice(0, kept)), terms: pack(terms.slice(0, kept)) };
  }
  return { packed, keptTerms: terms.slice(0, kept), pageCount: kept, status: kept < text.pages.length ? ('too-large' as const) : text.status };
}

export function makeSectionTextRepository(context: TableContext): SectionTextStore {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  const countChange = (ownerId: string) =>
    client.send(new UpdateCommand({ TableName: tableName, Key: keys.textVersion(ownerId), UpdateExpression: 'ADD version :one', ExpressionAttributeValues: { ':one': 1 } }));

  const getTexts: SectionTextStore['getTexts'] = async (contentUrls) => {
    const items = await table.batchGetAttributes<TextItem>(
      contentUrls.map((contentUrl) => keys.fileText(contentUrl)),
      ['contentUrl', 'status', 'pages', 'at'],
    );
    return new Map(items.map((item) => [item.contentUrl, { status: item.status, pages: unpack<TextPage>(item.pages), at: item.at }]));
  };

  return {
    getTexts,

    async getTerms(contentUrls) {
      // Every BatchGetItem at once: a search index of a whole library reads thousands of files' terms.
      const items = await table.batchGetAttributes<TextItem>(
        contentUrls.map((contentUrl) => keys.fileText(contentUrl)),
        ['contentUrl', 'terms', 'pageCount'],
      );
      const found = new Map(items.flatMap((item) => (item.terms ? [[item.contentUrl, unpack<PageTerms>(item.terms)] as const] : [])));
      // A text stored before its terms were (until `npm run migrate` stores them): counted from its pages.
      const older = items.filter((item) => !item.terms && item.pageCount).map((item) => item.contentUrl);
      if (older.length > 0) for (const [contentUrl, text] of await getTexts(older)) found.set(contentUrl, termsOf(text.pages));
      return found;
    },

    async markPending(contentUrl, ownerId, at) {
      await client.send(
        new PutCommand({ TableName: tableName, Item: { ...keys.fileText(contentUrl), entity: 'SectionText', contentUrl, ownerId, status: 'pending', at } }),
      );
    },

    async saveText(contentUrl, ownerId, text, at) {
      const { packed, keptTerms, pageCount, status } = packToFit(text);
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.fileText(contentUrl), entity: 'SectionText', contentUrl, ownerId, status, ...packed, pageCount, at, ...(text.detail && { detail: text.detail }) },
        }),
      );
      await countChange(ownerId);
      return keptTerms;
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
