import { roleFromGroups } from './roles';

describe('roleFromGroups', () => {
  it('takes the first group that is one of ours', () => {
    expect(roleFromGroups(['Editors', 'Teachers', 'Students'])).toBe('Teachers');
    expect(roleFromGroups(['Admins', 'Teachers'])).toBe('Admins');
    expect(roleFromGroups(['Editors'])).toBeNull();
    expect(roleFromGroups(undefined)).toBeNull();
    expect(roleFromGroups('Teachers')).toBeNull();
  });
});
