// The signed-in teacher's classes as a card grid, with the loading, error and empty states. The class list and the
// analytics class picker show the same classes; only the card differs.
import { Fragment, type ReactNode } from 'react';
import type { ClassSummary } from '@shared/contract/classes';
import { Alert } from '@web/components/alert';
import { Loading } from '@web/components/loading';
import { useCurrentUser } from '@web/lib/auth';
import { useTeacherClasses } from '../api/classes';

interface TeacherClassGridProps {
  emptyMessage: string;
  /** One `<li>` per class. */
  renderCard: (klass: ClassSummary) => ReactNode;
}

export function TeacherClassGrid({ emptyMessage, renderCard }: TeacherClassGridProps) {
  const { userId } = useCurrentUser();
  const classes = useTeacherClasses(userId);

  if (!userId) return <Alert tone="error">Could not verify teacher ID.</Alert>;
  if (classes.isPending) return <Loading label="Loading classes..." />;
  if (classes.isError) return <Alert tone="error">Could not load classes.</Alert>;
  if (classes.data.length === 0) return <p className="empty-state">{emptyMessage}</p>;
  return (
    <ul className="grid card-list">
      {classes.data.map((klass) => (
        <Fragment key={klass._id}>{renderCard(klass)}</Fragment>
      ))}
    </ul>
  );
}
