// Step 1 of module creation hands its title and description to step 2 through navigation state.

export interface ModuleDraft {
  title: string;
  description: string;
}

export function readModuleDraft(state: unknown): ModuleDraft | null {
  if (!state || typeof state !== 'object') return null;
  const { title, description } = state as Record<string, unknown>;
  if (typeof title !== 'string' || typeof description !== 'string' || !title.trim() || !description.trim()) return null;
  return { title, description };
}
