// "x of y sections complete" with a bar: a student's completion of a class or a module.
import { useId } from 'react';
import './completion-bar.css';

export function CompletionBar({ completed, total }: { completed: number; total: number }) {
  const labelId = useId();
  return (
    <div className="completion">
      <p id={labelId} className="completion-label">
        {completed} of {total} {total === 1 ? 'section' : 'sections'} complete
      </p>
      <progress aria-labelledby={labelId} max={Math.max(total, 1)} value={completed} />
    </div>
  );
}

export type ModuleState = 'Not started' | 'In progress' | 'Complete';

export function moduleState(completed: number, total: number): ModuleState {
  if (total > 0 && completed >= total) return 'Complete';
  return completed === 0 ? 'Not started' : 'In progress';
}
