// Disable or enable several people at once: the selection's bar asks first, then changes them in requests of 25 and
// says what each came to: how many were changed, and each one that was not, with the reason.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { PEOPLE_LIMITS } from '@shared/people';
import type { AccessOutcome, Person } from '@shared/contract/people';
import { displayName } from '@shared/person-name';
import { setPeopleAccess, useRefreshPeople } from '@web/api/people';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { chunk } from '@web/lib/chunk';

type Access = 'disabled' | 'enabled';

const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;

const QUESTION: Record<Access, (count: number) => string> = {
  disabled: (count) => `Disable ${people(count)}? They are signed out everywhere and cannot sign in until they are enabled again.`,
  enabled: (count) => `Enable ${people(count)}? They can sign in again with their password.`,
};

interface BulkAccessProps {
  selected: Person[];
  /** After a run: the people whose change failed stay selected, the others are let go. */
  onDone: (failedIds: string[]) => void;
}

export function BulkAccess({ selected, onDone }: BulkAccessProps) {
  const refreshPeople = useRefreshPeople();
  const [asking, setAsking] = useState<Access | null>(null);
  const change = useMutation({
    mutationFn: async ({ access, userIds }: { access: Access; userIds: string[] }) => {
      const results: AccessOutcome[] = [];
      try {
        for (const part of chunk(userIds, PEOPLE_LIMITS.accessBatchMax)) results.push(...(await setPeopleAccess(access, part)).results);
        return { access, results };
      } catch (failure) {
        const reason = (failure as Error).message;
        const answered = new Set(results.map((result) => result.userId));
        return { access, results: [...results, ...userIds.filter((userId) => !answered.has(userId)).map((userId) => ({ userId, outcome: 'failed' as const, message: reason }))] };
      }
    },
    onSuccess: async ({ results }) => {
      setAsking(null);
      onDone(results.filter((result) => result.outcome === 'failed').map((result) => result.userId));
      await refreshPeople();
    },
  });
  const names = new Map(selected.map((person) => [person.userId, displayName(person)]));
  const report = change.data;
  const failures = report?.results.filter((result) => result.outcome === 'failed') ?? [];

  return (
    <div className="bulk-access">
      {report && (
        <Alert tone={failures.length ? 'error' : 'success'} onDismiss={() => change.reset()}>
          {report.access === 'disabled' ? 'Disabled' : 'Enabled'} {report.results.length - failures.length} of {people(report.results.length)}.
          {failures.length > 0 && (
            <ul className="bulk-access-failures">
              {failures.map((failure) => (
                <li key={failure.userId}>
                  {names.get(failure.userId) ?? failure.userId}: {failure.outcome === 'failed' && failure.message}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {selected.length > 0 && (
        <div className="bulk-access-bar" role="group" aria-label="Selected people">
          <span>{people(selected.length)} selected</span>
          <button type="button" className="button button-danger" onClick={() => setAsking('disabled')}>
            Disable Selected
          </button>
          <button type="button" className="button button-secondary" onClick={() => setAsking('enabled')}>
            Enable Selected
          </button>
          <button type="button" className="link-button" onClick={() => onDone([])}>
            Clear selection
          </button>
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        message={asking ? QUESTION[asking](selected.length) : ''}
        confirmLabel={asking === 'enabled' ? 'Enable' : 'Disable'}
        busy={change.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && change.mutate({ access: asking, userIds: selected.map((person) => person.userId) })}
      />
    </div>
  );
}
