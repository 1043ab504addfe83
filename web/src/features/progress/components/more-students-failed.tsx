// Said under a report whose next page of students failed: the rows already loaded stay on screen, and the teacher can
// ask for the page again.
import { Alert } from '@web/components/alert';

export function MoreStudentsFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert tone="error">
      Could not load more students.{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        Try again
      </button>
    </Alert>
  );
}
