// The class report's list of every path override in the class, read when the teacher opens it: what was changed on
// whose path, why, by whom and when, in one place (each is taken back in the student's drill-down).
import { useState } from 'react';
import { useClassOverrides } from '@web/api/paths';
import { QueryView } from '@web/components/query-view';
import { OverrideSummary } from './override-summary';

export function ClassOverrides({ classId }: { classId: string }) {
  const [opened, setOpened] = useState(false);
  const overrides = useClassOverrides(classId, opened);
  return (
    <details className="class-overrides" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>Path overrides in this class</summary>
      {opened && (
        <QueryView
          query={overrides}
          loading="Loading overrides..."
          error="Could not load the overrides of this class."
          empty={{ when: (data) => data.overrides.length === 0, show: <p className="muted">No overrides: every student follows the module rules.</p> }}
        >
          {(data) => (
            <ul className="override-list">
              {data.overrides.map((override) => (
                <li key={`${override.studentId}:${override.moduleId}:${override.kind}:${override.sectionId ?? ''}`}>
                  {override.studentName}: <OverrideSummary override={override} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      )}
    </details>
  );
}
