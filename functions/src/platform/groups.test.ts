import { isStudent } from '../kernel/caller';
import { parseGroups } from './http';

describe('parseGroups', () => {
  it.each<[string, unknown, string[]]>([
    ['an array claim', ['Teachers'], ['Teachers']],
    ['an array with several groups', ['Students', 'Admins'], ['Students', 'Admins']],
    ['the HTTP API string form with one group', '[Teachers]', ['Teachers']],
    ['the HTTP API string form with several groups', '[Teachers Admins]', ['Teachers', 'Admins']],
    ['a comma-separated string', '[Teachers, Students]', ['Teachers', 'Students']],
    ['a bare group name', 'Students', ['Students']],
    ['an empty string list', '[]', []],
    ['an empty string', '', []],
    ['no claim', undefined, []],
    ['a claim of the wrong type', 42, []],
    ['unknown groups, which are dropped', ['Teachers', 'Hackers', 'teachers'], ['Teachers']],
    ['unknown groups in the string form', '[Root Teachers]', ['Teachers']],
  ])('reads %s', (_case, claim, roles) => {
    expect(parseGroups(claim)).toEqual(roles);
  });

  it('tells teachers from students', () => {
    expect(isStudent({ userId: 'u', roles: parseGroups('[Teachers]') })).toBe(false);
    expect(isStudent({ userId: 'u', roles: parseGroups('[Students]') })).toBe(true);
  });
});
