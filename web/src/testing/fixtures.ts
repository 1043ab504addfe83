// Server data for tests.
import type { Module } from '@shared/contract/modules';

/** A stored module; tests override what they look at, usually the sections. */
export const moduleFixture = (overrides: Partial<Module> = {}): Module => ({
  _id: 'm1',
  title: 'Fractions',
  description: 'Halves and quarters.',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  sections: [],
  sequential: false,
  ...overrides,
});
