// /admin/people: everyone in the school's directory, searchable and filtered, with the admin's actions per person,
// and the two ways to invite (one person, or a pasted list / CSV with a preview).
import { useDeferredValue, useState } from 'react';
import { PERSON_STATUSES, type PersonStatus } from '@shared/people';
import type { Person } from '@shared/contract/people';
import { displayName } from '@shared/person-name';
import { ROLES, type Role } from '@shared/roles';
import { SelectField } from '../../components/field';
import { LoadError } from '../../components/load-error';
import { useDocumentTitle } from '../../components/use-document-title';
import { useCurrentUser } from '../../lib/auth';
import { useLogError } from '../../lib/use-log-error';
import { usePeople } from '@web/api/people';
import { BulkAccess } from './components/bulk-access';
import { BulkInvite } from './components/bulk-invite';
import { InvitePersonForm } from './components/invite-person-form';
import { formatDate } from '@web/lib/dates';
import { ROLE_LABEL, ROLE_PLURAL, STATUS_LABEL } from '@web/lib/people-labels';
import { PersonActions } from './components/person-actions';
import './people.css';
import { QueryView } from '@web/components/query-view';

const ROLE_FILTER = [['', 'All roles'], ...ROLES.map((role) => [role, ROLE_PLURAL[role]] as const)] as const;
const STATUS_FILTER = [['', 'Any status'], ...PERSON_STATUSES.map((status) => [status, STATUS_LABEL[status]] as const)] as const;

export default function PeoplePage() {
  useDocumentTitle('People');
  const me = useCurrentUser();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<PersonStatus | ''>('');
  const deferredSearch = useDeferredValue(search.trim());
  const people = usePeople({ search: deferredSearch || undefined, role: role || undefined, status: status || undefined });
  useLogError(people.error, 'Loading people failed');
  const rows = people.data?.pages.flatMap((page) => page.people) ?? [];
  // Kept across searches and pages, so a selection can be built from several searches.
  const [selected, setSelected] = useState<ReadonlyMap<string, Person>>(new Map());
  const toggle = (person: Person, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(person.userId, person);
      else next.delete(person.userId);
      return next;
    });

  return (
    <>
      <h1>People</h1>
      <p className="muted">Invite teachers, students and administrators, and manage their accounts.</p>
      <div className="admin-panels">
        <InvitePersonForm />
        <BulkInvite />
      </div>

      <section aria-labelledby="people-list-heading">
        <h2 id="people-list-heading">Everyone</h2>
        <form className="people-filters" role="search" onSubmit={(event) => event.preventDefault()}>
          <div className="field">
            <label htmlFor="people-search">Search by name or e-mail</label>
            <input id="people-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
          </div>
          <SelectField id="people-role" label="Role" value={role} options={ROLE_FILTER} onChange={setRole} />
          <SelectField id="people-status" label="Status" value={status} options={STATUS_FILTER} onChange={setStatus} />
        </form>
        <BulkAccess
          selected={[...selected.values()]}
          onDone={(failedIds) => setSelected((current) => new Map([...current].filter(([userId]) => failedIds.includes(userId))))}
        />

        <QueryView
          query={people}
          loading="Loading people..."
          error={(error) => <LoadError what="Could not load people" error={error} />}
          empty={{ when: () => rows.length === 0 && !people.hasNextPage, show: <p className="empty-state">Nobody matches these filters.</p> }}
        >
          {() => (
            <ul className="people-list" aria-label="People">
              {rows.map((person) => (
                <li key={person.userId} className="card person-card">
                  <div className="person-who">
                    {person.userId !== me.userId && (
                      <label className="person-select">
                        <input type="checkbox" checked={selected.has(person.userId)} onChange={(event) => toggle(person, event.target.checked)} />
                        <span className="visually-hidden">Select {displayName(person)}</span>
                      </label>
                    )}
                    <span className="person-name">{displayName(person)}</span>
                    {person.name && <span className="muted person-email">{person.email}</span>}
                  </div>
                  <dl className="person-facts">
                    <div>
                      <dt>Role</dt>
                      <dd>{person.role ? ROLE_LABEL[person.role] : 'No role'}</dd>
                    </div>
                    <div>
                      <dt>Status</dt>
                      <dd className={`person-status person-status-${person.status}`}>{STATUS_LABEL[person.status]}</dd>
                    </div>
                    <div>
                      <dt>Created</dt>
                      <dd>{formatDate(person.createdAt)}</dd>
                    </div>
                  </dl>
                  <PersonActions person={person} isSelf={person.userId === me.userId} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
        {people.hasNextPage && (
          <button type="button" className="button button-secondary" disabled={people.isFetchingNextPage} onClick={() => void people.fetchNextPage()}>
            {people.isFetchingNextPage ? 'Loading...' : 'Show More People'}
          </button>
        )}
      </section>
    </>
  );
}
