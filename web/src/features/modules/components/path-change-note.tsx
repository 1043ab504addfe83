// Before saving new rules, the server says how many students' paths they would change (their completed work stays
// complete): under Save on the edit screen once the order mode or a kept section's role or place differs from what is
// saved, and in the check editor once a check's score bands do. And which bands the save makes let go of a section.
import { DEFAULT_SECTION_ROLE, fitBands } from '@shared/paths';
import type { Module } from '@shared/contract/modules';
import type { PathChangesInput } from '@shared/contract/paths';
import { PathChangeCount } from '@web/components/path-change-count';
import type { DraftSection } from '../utils/draft-section';

interface PathChangeNoteProps {
  module: Module;
  sequential: boolean;
  sections: DraftSection[];
}

/** The module's edit screen: its order mode and the kept sections' roles and places. */
export function PathChangeNote({ module, sequential, sections }: PathChangeNoteProps) {
  const kept = sections.flatMap((section) => (section._id ? [{ _id: section._id, role: section.role ?? DEFAULT_SECTION_ROLE }] : []));
  const proposal: PathChangesInput = { sequential, sections: kept };
  const saved = [...module.sections].sort((a, b) => a.order - b.order).filter((section) => kept.some((each) => each._id === section._id));
  const rulesChanged =
    sequential !== (module.sequential ?? false) ||
    saved.some((section, index) => kept[index]?._id !== section._id || kept[index]?.role !== (section.role ?? DEFAULT_SECTION_ROLE));
  return <PathChangeCount moduleId={module._id} savedAt={module.updatedAt} proposal={proposal} rulesChanged={rulesChanged && kept.length > 0} />;
}

/**
 * What the save does to the checks' score bands: a section a band may no longer open or skip under the new roles, order
 * or removals is let go of (the server does the same), said before saving, per check and band.
 */
export function BandFitNote({ module, sections }: { module: Module; sections: DraftSection[] }) {
  const proposed = sections.flatMap((section) => (section._id ? [{ _id: section._id, role: section.role ?? DEFAULT_SECTION_ROLE }] : []));
  const titleOf = new Map(module.sections.map((section) => [section._id, section.title]));
  const quoted = (sectionId: string) => `“${titleOf.get(sectionId) ?? 'a section'}”`;
  const notes = (module.checks ?? []).flatMap(({ sectionId, bands }) => {
    if (!bands || !proposed.some((section) => section._id === sectionId)) return [];
    const { dropped } = fitBands(bands, { sections: proposed, sectionId });
    if (dropped.length === 0) return [];
    const changes = dropped.map(({ band, sectionId: named, as }) => `band ${band + 1} no longer ${as === 'release' ? 'opens' : 'skips'} ${quoted(named)}`);
    return [`Saving also changes the check in ${quoted(sectionId)}: ${changes.join('; ')}.`];
  });
  if (notes.length === 0) return null;
  return (
    <div className="field-hint path-change-note" role="status">
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </div>
  );
}
