import type { Section } from '@shared/contract/modules';
import { RELEASABLE_ROLES, type SectionRole, type SectionState } from '@shared/paths';
import { isRequired, pathLabel, RELEASED_BY_BANDS } from './section-path';

const section = (role: SectionRole, state?: SectionState): Section => ({
  _id: 's',
  title: 'S',
  order: 1,
  contentType: 'PDF',
  contentUrl: 'k',
  originalFileName: 's.pdf',
  role,
  ...(state ? { state } : {}),
});

it('spells out the roles bands release as the contract has them', () => {
  expect([...RELEASED_BY_BANDS].sort()).toEqual([...RELEASABLE_ROLES].sort());
});

it.each([
  ['core', 'open', true],
  ['core', 'locked', true],
  ['core', 'excused', false],
  ['review', 'locked', false],
  ['review', 'open', true],
  ['extension', 'complete', true],
  ['optional', 'open', false],
  ['optional', 'skipped', false],
  ['core', undefined, true],
] as const)('counts a %s section that is %s as required: %s', (role, state, required) => {
  expect(isRequired(section(role, state))).toBe(required);
});

it('names the state in words, else the role, and says nothing for a plain core section', () => {
  expect(pathLabel(section('review', 'locked'))).toBe('Locked');
  expect(pathLabel(section('optional', 'skipped'))).toBe('Skipped');
  expect(pathLabel(section('core', 'excused'))).toBe('Excused');
  expect(pathLabel(section('extension', 'open'))).toBe('Extension');
  expect(pathLabel(section('core', 'complete'))).toBeUndefined();
});
