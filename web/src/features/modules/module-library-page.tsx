// /teacher-modules: the teacher's modules as cards, newest change first; search by title, sort by updated or
// title, and show only the modules not assigned to any class. The choices live in the address (?q=&sort=title&
// unassigned=1), so Back from a module, a reload or a bookmark finds the library as the teacher left it. Below the
// title filters, a search inside the files' text (titles, descriptions, section titles, pages).
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Module } from '@shared/contract/modules';
import { Alert } from '../../components/alert';
import { QueryView } from '@web/components/query-view';
import { useDocumentTitle } from '../../components/use-document-title';
import { useFlashMessage } from '../../lib/flash-message';
import { useCurrentUser } from '../../lib/auth';
import { useTeacherClasses } from '@web/api/classes';
import { FileSearch } from '../search';
import { useModules } from '@web/api/modules';
import { byUpdatedDesc } from '@web/lib/module-order';
import { ModuleCard } from './components/module-card';
import './modules.css';

const EMPTY_LIBRARY = 'You haven\'t created any modules yet. Click "Create New Module" to get started.';

type SortOrder = 'updated' | 'title';

const byTitle = (a: Module, b: Module) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base', numeric: true });

export default function ModuleLibraryPage() {
  useDocumentTitle('My Modules Library');
  const id = useId();
  const modules = useModules();
  const classes = useTeacherClasses(useCurrentUser().userId);
  const [flash, clearFlash] = useFlashMessage();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const sort: SortOrder = params.get('sort') === 'title' ? 'title' : 'updated';
  const unassignedOnly = params.get('unassigned') === '1';
  /** Changes one choice in the address; its default leaves the address (replace: typing is not a step of Back). */
  const choose = (name: 'q' | 'sort' | 'unassigned', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const assigned = new Set((classes.data ?? []).flatMap((schoolClass) => schoolClass.assignedModuleIds));
  const needle = query.trim().toLocaleLowerCase();
  const shown = (modules.data ?? [])
    .filter((module) => !needle || module.title.toLocaleLowerCase().includes(needle))
    .filter((module) => !unassignedOnly || !assigned.has(module._id))
    .sort(sort === 'title' ? byTitle : byUpdatedDesc);

  return (
    <div>
      <div className="page-heading">
        <h1>My Modules Library</h1>
        <Link to="/create-module" className="button">
          Create New Module
        </Link>
      </div>
      {flash && (
        <Alert tone="success" onDismiss={clearFlash}>
          {flash}
        </Alert>
      )}
      <QueryView
        query={modules}
        loading="Loading modules..."
        error="Could not load modules."
        empty={{ when: (list) => list.length === 0, show: <p className="empty-state">{EMPTY_LIBRARY}</p> }}
      >
        {(list) => (
          <>
            <div className="library-tools" role="search" aria-label="Find modules">
              <div className="field">
                <label htmlFor={`${id}-search`}>Search by title</label>
                <input id={`${id}-search`} type="search" value={query} onChange={(event) => choose('q', event.target.value)} />
              </div>
              <div className="field">
                <label htmlFor={`${id}-sort`}>Sort by</label>
                <select id={`${id}-sort`} value={sort} onChange={(event) => choose('sort', event.target.value === 'title' ? 'title' : '')}>
                  <option value="updated">Recently updated</option>
                  <option value="title">Title (A–Z)</option>
                </select>
              </div>
              <label className="checkbox-field">
                <input
                  type="checkbox"
                  checked={unassignedOnly}
                  onChange={(event) => choose('unassigned', event.target.checked ? '1' : '')}
                  disabled={!classes.isSuccess}
                />
                Not assigned to any class
              </label>
            </div>
            <FileSearch modules={list} />
            <p className="muted" role="status">
              {shown.length === list.length
                ? `${shown.length} ${shown.length === 1 ? 'module' : 'modules'}`
                : `${shown.length} of ${list.length} modules`}
            </p>
            {shown.length === 0 ? (
              <p className="empty-state">No modules match. Clear the search or the filter to see them all.</p>
            ) : (
              <ul className="grid card-list">
                {shown.map((module) => (
                  <ModuleCard key={module._id} module={module} librarySearch={params.toString()} />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}
