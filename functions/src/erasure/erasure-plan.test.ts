import { ITEM_TYPES, itemTypeNames } from '../table/item-types';
import { keys, type Key } from '../table/table';
import { fileMovesOf, itemTypeOf, withFilesMoved } from './erasure-plan';

/** The registry's item types that can hold a person (the others hold no one's data). */
const personalTypes = itemTypeNames.filter((name) => ITEM_TYPES[name].relation !== 'none');

test.each(personalTypes)('the erase knows what to do with an item of type %s', (name) => {
  const { pk, sk } = (keys[name] as (...ids: string[]) => Key)('id-1', 'id-2', 'id-3', 'id-4', 'id-5');
  expect(itemTypeOf(pk, sk)).toBeDefined();
});

test('a type the plan does not list is not matched', () => {
  expect(itemTypeOf('NO_SUCH#1', 'THING')).toBeUndefined();
});

describe("moving a module's files to the teacher who takes it over", () => {
  const from = 'protected/ada/';
  const to = 'protected/grace/';
  const sections = [
    { _id: 's1', contentUrl: 'protected/ada/u1/cells.pdf' },
    { _id: 's2', contentUrl: 'protected/ada/u1/cells.pdf' },
    { _id: 's3', contentUrl: 'protected/ada/u2/atoms.pptx' },
    { _id: 's4', contentUrl: 'protected/adam/u3/not-hers.pdf' },
  ];

  test('each file of the erased teacher’s folder moves once, to the same path in the new owner’s folder', () => {
    expect(fileMovesOf(sections, from, to)).toEqual([
      { from: 'protected/ada/u1/cells.pdf', to: 'protected/grace/u1/cells.pdf' },
      { from: 'protected/ada/u2/atoms.pptx', to: 'protected/grace/u2/atoms.pptx' },
    ]);
  });

  test('the sections point at the moved files and keep everything else; a file outside the folder stays where it is', () => {
    const moved = withFilesMoved(sections, fileMovesOf(sections, from, to));
    expect(moved.map(({ _id, contentUrl }) => `${_id} ${contentUrl}`)).toEqual([
      's1 protected/grace/u1/cells.pdf',
      's2 protected/grace/u1/cells.pdf',
      's3 protected/grace/u2/atoms.pptx',
      's4 protected/adam/u3/not-hers.pdf',
    ]);
  });

  test('a module moved already (a resumed erase) has nothing left to move', () => {
    const moved = withFilesMoved(sections, fileMovesOf(sections, from, to));
    expect(fileMovesOf(moved, from, to)).toEqual([]);
  });
});
