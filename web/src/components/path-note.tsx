import type { Section } from '@shared/contract/modules';
import { pathLabel } from '../lib/section-path';
import './path-note.css';

/** Where a section stands on the student's path, in words (Locked, Skipped, Review…): a tag beside its title. */
export function PathTag({ section }: { section: Section }) {
  const label = pathLabel(section);
  if (!label) return null;
  return <span className={`path-tag is-${label.toLowerCase()}`}>{label}</span>;
}

/** Why the section stands there, as the server words it (what unlocks it, why it was released or skipped). */
export function PathReason({ section }: { section: Section }) {
  if (!section.reason) return null;
  return <p className={`path-reason${section.state === 'locked' ? ' is-locked' : ''}`}>{section.reason}</p>;
}

/** Said in place of the check of a section the student's teacher excused them from: it is not asked for. */
export const EXCUSED_CHECK = 'Excused: this check is not needed.';
