// The signed-in teacher's classes as a card grid, with the loading, error and empty states. The class list and the
// analytics class picker show the same classes; only the card differs.
import { Fragment, type ReactNode } from 'react';
import type { ClassSummary } from '@shared/contract/classes';
import { Alert } from '@web/components/alert';
import { QueryView } from '@web/components/query-view';
import { useCurrentUser } from '@web/lib/auth';
import { useTeacherClasses } from '@web/api/classes';

interface TeacherClassGridProps {
  emptyMessage: string;
  /** One `<li>` per class. */
  renderCard: (klass: ClassSummary) => ReactNode;
}

export function TeacherClassGrid({ emptyMessage, renderCard }: TeacherClassGridProps) {
  const { userId } = useCurrentUser();
  const classes = useTeacherClasses(userId);

  if (!userId) return <Alert tone="error">Could not verify teacher ID.</Alert>;
  return (
    <QueryView
      query={classes}
      loading="Loading classes..."
      error="Could not load classes."
      empty={{ when: (list) => list.length === 0, show: <p className="empty-state">{emptyMessage}</p> }}
    >
      {(list) => (
        <ul className="grid card-list">
          {list.map((klass) => (
            <Fragment key={klass._id}>{renderCard(klass)}</Fragment>
          ))}
        </ul>
      )}
    </QueryView>
  );
}
