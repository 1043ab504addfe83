// `npm run migrate`'s text steps: extracts the text of every section file stored before extraction existed (files
// without a text item), then gathers each teacher's files' terms for their library's search (texts stored before
// gathering existed). Idempotent: a file with a text item, whatever its status, is left alone; gathering a file again
// replaces its terms with the same.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { LibraryTermsStore, SectionTextStore } from '../search/port';
import type { TextExtraction } from '../search/section-texts';
import { keys, type TableContext } from '../table/table';

/** Every file key a module's section names, by its module's owner, by a Scan of the module items. */
async function scanSectionFiles({ client, tableName }: TableContext): Promise<Map<string, Set<string>>> {
  const files = new Map<string, Set<string>>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: 'sk = :module',
        ExpressionAttributeValues: { ':module': keys.module('').sk },
        ProjectionExpression: 'ownerId, sections',
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const owned = files.get(item.ownerId as string) ?? new Set<string>();
      for (const section of (item.sections ?? []) as { contentUrl: string }[]) owned.add(section.contentUrl);
      files.set(item.ownerId as string, owned);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return files;
}

/** Extracts, one file at a time, the files without text; answers how many. */
export async function backfillTexts(context: TableContext, texts: SectionTextStore, extraction: TextExtraction): Promise<number> {
  const files = [...new Set([...(await scanSectionFiles(context)).values()].flatMap((owned) => [...owned]))].sort();
  const stored = await texts.getTexts(files);
  const missing = files.filter((file) => !stored.has(file));
  for (const file of missing) await extraction.extractFile(file);
  return missing.length;
}

/** Adds, per teacher, the stored terms of their modules' files to their gathered terms; answers for how many teachers. */
export async function gatherLibraryTerms(context: TableContext, texts: Pick<SectionTextStore, 'getTerms'>, libraryTerms: LibraryTermsStore): Promise<number> {
  const files = await scanSectionFiles(context);
  for (const [ownerId, owned] of files) await libraryTerms.add(ownerId, await texts.getTerms([...owned]));
  return files.size;
}
