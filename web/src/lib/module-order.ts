import type { Module } from '@shared/contract/modules';

/** Modules most recently updated first. ISO timestamps order as plain strings; localeCompare would build a collator per call. */
export const byUpdatedDesc = (a: Module, b: Module) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0);
