// Duplicate: a new module with the same details and sections, made with the ordinary create call, which also copies
// each section's check to the copy's section in the same position (one request, so a retry finishes a partial copy).
// The sections reference the same stored files (the teacher's own; a file is deleted only when no module of theirs
// uses it).
// The copy's id is chosen once, so a double click or a retry makes one copy. A module without sections cannot be
// created, so it has nothing to duplicate.
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { TEXT_LIMITS } from '@shared/constants';
import type { Module } from '@shared/contract/modules';
import type { FlashState } from '@web/lib/flash-message';
import { useCreateModule } from '@web/api/modules';
import { useOneAtATime } from '@web/lib/use-one-at-a-time';

const COPY_SUFFIX = ' (copy)';

export function copyTitle(title: string): string {
  return title.slice(0, TEXT_LIMITS.titleMaxLength - COPY_SUFFIX.length).trimEnd() + COPY_SUFFIX;
}

export function DuplicateModuleButton({ module, onFailure }: { module: Module; onFailure: () => void }) {
  const navigate = useNavigate();
  const createModule = useCreateModule();
  // Kept after a failure: trying again with the same id answers the copy if the first attempt did reach the server.
  const copyId = useRef<string>(crypto.randomUUID());
  const oneAtATime = useOneAtATime();

  // After a copy is made the button stays spent: the page moves to the copy.
  async function duplicate(allowAgain: () => void) {
    try {
      const copy = await createModule.mutateAsync({
        _id: copyId.current,
        title: copyTitle(module.title),
        description: module.description,
        // The copy's path rules are the original's: its order mode and section roles (the server copies the bands).
        sequential: module.sequential,
        sections: [...module.sections]
          .sort((a, b) => a.order - b.order)
          .map(({ title, contentUrl, originalFileName, role }) => ({ title, contentUrl, originalFileName, role })),
        copyChecksFrom: module._id,
      });
      const state: FlashState = { flash: 'Module duplicated. You are looking at the copy.' };
      void navigate(`/teacher-modules/${copy._id}`, { state });
    } catch (error) {
      console.error('Duplicating the module failed:', error);
      allowAgain();
      onFailure();
    }
  }

  return (
    <button type="button" className="button button-secondary" onClick={() => oneAtATime((settled) => void duplicate(settled))} disabled={createModule.isPending}>
      {createModule.isPending ? 'Duplicating...' : 'Duplicate'}
    </button>
  );
}
