import { ITEM_TYPES, itemTypeNames } from '../table/item-types';
import { keys, type Key } from '../table/table';
import { itemTypeOf } from './erasure-plan';

/** The registry's item types that can hold a person (the others hold no one's data). */
const personalTypes = itemTypeNames.filter((name) => ITEM_TYPES[name].relation !== 'none');

test.each(personalTypes)('the erase knows what to do with an item of type %s', (name) => {
  const { pk, sk } = (keys[name] as (...ids: string[]) => Key)('id-1', 'id-2', 'id-3', 'id-4', 'id-5');
  expect(itemTypeOf(pk, sk)).toBeDefined();
});

test('a type the plan does not list is not matched', () => {
  expect(itemTypeOf('NO_SUCH#1', 'THING')).toBeUndefined();
});
