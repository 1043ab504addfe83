// The exact writes of a file's text: stored with its pages' terms (what the search index merges), both trimmed
// together to fit the item; read back as terms alone; and copied to a moved file, conditional on the copy having no
// text yet and counted on the new owner's texts either way (their searches rebuild).
import { gunzipSync, gzipSync } from 'node:zlib';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import { MAX_STORED_PAGES_BYTES, makeSectionTextRepository } from './section-text-repository';
import { termsOf } from './text-index';

const { ddb } = mockAws();
const texts = makeSectionTextRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'texts-table' });
const from = 'protected/teacher-1/u1/cells.pdf';
const to = 'protected/teacher-9/u1/cells.pdf';
const stored = { pk: `FILE#${from}`, sk: 'TEXT', entity: 'SectionText', contentUrl: from, ownerId: 'teacher-1', status: 'ready', pages: new Uint8Array([1, 2]), pageCount: 1, at: '2026-11-20T10:00:00.000Z' };
const counted = { TableName: 'texts-table', Key: { pk: 'USER#teacher-9', sk: 'TEXTS' }, UpdateExpression: 'ADD version :one' };

test('copyText puts the text at the new key for the new owner unless one is there, and counts a change of their texts', async () => {
  ddb.on(GetCommand).resolves({ Item: stored });
  await texts.copyText(from, to, 'teacher-9');
  expect(ddb).toReceiveCommandWith(GetCommand, { TableName: 'texts-table', Key: { pk: `FILE#${from}`, sk: 'TEXT' }, ConsistentRead: true });
  expect(ddb).toReceiveCommandWith(PutCommand, {
    TableName: 'texts-table',
    Item: { ...stored, pk: `FILE#${to}`, sk: 'TEXT', contentUrl: to, ownerId: 'teacher-9' },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  expect(ddb).toReceiveCommandWith(UpdateCommand, counted);

  // The copy's own extraction stored a text first: it is kept.
  ddb.reset();
  ddb.on(GetCommand).resolves({ Item: stored });
  ddb.on(PutCommand).rejects(conditionFailure());
  await texts.copyText(from, to, 'teacher-9');
  expect(ddb).toReceiveCommandWith(UpdateCommand, counted);
});

test('copyText writes nothing for a file without a text', async () => {
  ddb.on(GetCommand).resolves({});
  await texts.copyText(from, to, 'teacher-9');
  expect(ddb).toReceiveCommandTimes(PutCommand, 0);
  expect(ddb).toReceiveCommandTimes(UpdateCommand, 0);
});

const unpacked = (bytes: Uint8Array) => JSON.parse(gunzipSync(bytes).toString('utf8')) as unknown;
const storedItem = () => ddb.commandCalls(PutCommand)[0].args[0].input.Item!;

test('saveText stores the pages and their terms in the one item, and counts a change of the owner\'s texts', async () => {
  const pages = [{ number: 1, text: 'Cells divide; cells grow.' }, { number: 2, text: 'Mitochondria make energy.' }];
  await texts.saveText(from, 'teacher-1', { status: 'ready', pages }, '2026-11-20T10:00:00.000Z');

  const item = storedItem();
  expect(item).toMatchObject({ pk: `FILE#${from}`, sk: 'TEXT', status: 'ready', pageCount: 2 });
  expect(unpacked(item.pages)).toEqual(pages);
  expect(unpacked(item.terms)).toEqual([
    { number: 1, length: 4, stems: ['cell', 'divid', 'grow'], counts: [2, 1, 1] },
    { number: 2, length: 3, stems: ['mitochondria', 'make', 'energi'], counts: [1, 1, 1] },
  ]);
  expect(ddb).toReceiveCommandWith(UpdateCommand, { ...counted, Key: { pk: 'USER#teacher-1', sk: 'TEXTS' } });
});

test('saveText leaves out from the end the pages, and their terms, that do not fit the item: the text is too large', async () => {
  // Words that do not repeat, so gzip cannot shrink them: about 7 KB a page packed, twice (pages and terms).
  const words = (page: number) => Array.from({ length: 600 }, (_, at) => `w${page}x${at}q${(at * 7919 + page * 104729).toString(36)}`).join(' ');
  const pages = Array.from({ length: 60 }, (_, at) => ({ number: at + 1, text: words(at + 1) }));
  await texts.saveText(from, 'teacher-1', { status: 'ready', pages }, '2026-11-20T10:00:00.000Z');

  const item = storedItem();
  const kept = unpacked(item.pages) as typeof pages;
  expect(item.status).toBe('too-large');
  expect(item.pages.length + item.terms.length).toBeLessThanOrEqual(MAX_STORED_PAGES_BYTES);
  expect(kept.length).toBeLessThan(pages.length);
  expect(item.pageCount).toBe(kept.length);
  expect((unpacked(item.terms) as { number: number }[]).map((page) => page.number)).toEqual(kept.map((page) => page.number));
});

test('getTerms reads only the terms, and counts those of a text stored before terms were from its pages', async () => {
  const pages = [{ number: 1, text: 'Ribosomes make proteins.' }];
  const older = 'protected/teacher-1/u2/old.pdf';
  const termsItem = { contentUrl: from, terms: gzipSync(JSON.stringify(termsOf(pages))), pageCount: 1 };
  const olderText = { contentUrl: older, status: 'ready', pages: gzipSync(JSON.stringify(pages)), at: '2026-11-20T10:00:00.000Z' };
  ddb.on(BatchGetCommand).callsFake(({ RequestItems }) => {
    const { ExpressionAttributeNames } = RequestItems['texts-table'];
    const termsOnly = Object.values(ExpressionAttributeNames).includes('terms');
    return { Responses: { 'texts-table': termsOnly ? [termsItem, { contentUrl: older, pageCount: 1 }, { contentUrl: to }] : [olderText] } };
  });

  const terms = await texts.getTerms([from, older, to]);

  expect(terms).toEqual(new Map([[from, termsOf(pages)], [older, termsOf(pages)]]));
  expect(ddb).toReceiveCommandWith(BatchGetCommand, { RequestItems: { 'texts-table': { Keys: [{ pk: `FILE#${older}`, sk: 'TEXT' }], ConsistentRead: true, ProjectionExpression: '#a0, #a1, #a2, #a3', ExpressionAttributeNames: { '#a0': 'contentUrl', '#a1': 'status', '#a2': 'pages', '#a3': 'at' } } } });
  expect(ddb).toReceiveCommandTimes(BatchGetCommand, 2);
});
