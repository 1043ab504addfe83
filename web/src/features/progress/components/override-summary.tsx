// One path override in words, as the student drill-down and the class's list of overrides show it. Its own module so
// that the class report (which shows the list) does not load the drill-down's form, a chunk of its own.
import type { OverrideKind } from '@shared/paths';
import type { PathOverride } from '@shared/contract/paths';
import { formatShortDate } from '@web/lib/dates';

export const KIND_WORD: Record<OverrideKind, string> = { release: 'Opened', excuse: 'Excused', unlock: 'Unlocked', attempts: 'More attempts at' };
export const attemptsWord = (count: number) => `${count} more attempt${count === 1 ? '' : 's'}`;

/** The module, the section and the attempts an override is about. */
export const describeOverride = (override: PathOverride) =>
  `${override.moduleTitle}${override.sectionTitle ? ` › ${override.sectionTitle}` : ''}${override.extra !== undefined ? ` (${attemptsWord(override.extra)})` : ''}`;

/** What, where, why, by whom and when. */
export function OverrideSummary({ override }: { override: PathOverride }) {
  return (
    <>
      <strong>{KIND_WORD[override.kind]}</strong> {describeOverride(override)}: {override.reason}{' '}
      <span className="muted">
        ({override.teacherName}, <time dateTime={override.at}>{formatShortDate(new Date(override.at))}</time>)
      </span>
    </>
  );
}
