// `npm run migrate`'s text step: extracts the text of every section file stored before extraction existed (files
// without a text item). Idempotent: a file with a text item, whatever its status, is left alone.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { SectionTextStore } from '../search/port';
import type { TextExtraction } from '../search/section-texts';
import { keys, type TableContext } from '../table/table';

/** Every file key a module's section names, by a Scan of the module items. */
async function scanSectionFiles({ client, tableName }: TableContext): Promise<string[]> {
  const files = new Set<string>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: 'sk = :module',
        ExpressionAttributeValues: { ':module': keys.module('').sk },
        ProjectionExpression: 'sections',
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) for (const section of (item.sections ?? []) as { contentUrl: string }[]) files.add(section.contentUrl);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return [...files].sort();
}

/** Extracts, one file at a time, the files without text; answers how many. */
export async function backfillTexts(context: TableContext, texts: SectionTextStore, extraction: TextExtraction): Promise<number> {
  const files = await scanSectionFiles(context);
  const stored = await texts.getTexts(files);
  const missing = files.filter((file) => !stored.has(file));
  for (const file of missing) await extraction.extractFile(file);
  return missing.length;
}
