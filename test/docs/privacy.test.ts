// The privacy inventory stays complete: every item type of the table (functions/src/table/item-types.ts, one entry
// per key builder of functions/src/table/table.ts) and every kind of stored file (shared/storage.ts) has its row in
// docs/privacy.md, with the key the code makes and the export the code does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ITEM_TYPES, itemTypeNames } from '@functions/src/table/item-types';
import { keys } from '@functions/src/table/table';
import { STORED_FILES } from '@shared/storage';

const PRIVACY = readFileSync(path.resolve(__dirname, '../../docs/privacy.md'), 'utf8');

/** The cells of the table row whose first cell is `name` in backticks, in the given section of the page. */
function row(section: string, name: string): string[] | undefined {
  const part = PRIVACY.split(/^## /m).find((chunk) => chunk.startsWith(section)) ?? '';
  const line = part.split('\n').find((text) => text.startsWith(`| \`${name}\` |`));
  return line?.split('|').slice(1, -1).map((cell) => cell.trim());
}

/** Every key builder's name, found by calling it: those that make an item's own key (pk and sk), not index keys. */
const builtItemTypes = Object.entries(keys)
  .filter(([, build]) => 'pk' in (build as (...ids: string[]) => object)('a', 'b', 'c', 'd', 'e'))
  .map(([name]) => name)
  .sort();

test('the registry has an entry for every key builder that makes an item', () => {
  expect([...itemTypeNames].sort()).toEqual(builtItemTypes);
});

test.each(itemTypeNames)('docs/privacy.md has a row for the item type %s, with its key and export', (name) => {
  const cells = row("The table's items", name);
  expect(cells).toBeDefined();
  expect(cells![1]).toBe(`\`${ITEM_TYPES[name].key}\``);
  expect(cells!.at(-1)!.startsWith(ITEM_TYPES[name].export === 'exported' ? 'yes' : 'no')).toBe(true);
});

test.each(Object.keys(STORED_FILES) as (keyof typeof STORED_FILES)[])('docs/privacy.md has a row for the stored files %s, with their key and export', (name) => {
  const cells = row('Stored files', name);
  expect(cells).toBeDefined();
  expect(cells![1]!.startsWith(`\`${STORED_FILES[name].pattern}\``)).toBe(true);
  expect(cells!.at(-1)!.startsWith(STORED_FILES[name].export === 'exported' ? 'yes' : 'no')).toBe(true);
});

test('the row finder finds rows of its section only, and not an item type the page lacks', () => {
  expect(row("The table's items", 'progress')).toBeDefined();
  expect(row('Stored files', 'progress')).toBeUndefined();
  expect(row("The table's items", 'noSuchItem')).toBeUndefined();
});
