import type { Section } from '@shared/entities';
import { pathLabel } from '../utils/section-path';
import './path-note.css';

/** Where a section stands on the student's path, in words (Locked, Skipped, Review…), and why when the server says. */
export function PathTag({ section }: { section: Section }) {
  const label = pathLabel(section);
  if (!label) return null;
  return <span className={`path-tag is-${section.state === 'locked' || section.state === 'skipped' || section.state === 'excused' ? section.state : section.role}`}>{label}</span>;
}

export function PathReason({ section }: { section: Section }) {
  if (!section.reason) return null;
  return <p className={`path-reason${section.state === 'locked' ? ' is-locked' : ''}`}>{section.reason}</p>;
}
