import { Link } from 'react-router-dom';
import type { Module } from '@shared/contract/modules';
import { UpdatedDate } from '@web/components/updated-date';

/** What a card's link hands the module's page: the library's address search, for its "Back to My Modules" link. */
export interface LibraryReturnState {
  librarySearch: string;
}

export function ModuleCard({ module, librarySearch }: { module: Module; librarySearch: string }) {
  const count = module.sections.length;
  return (
    <li className="card module-card">
      <h2 className="module-card-title">
        <Link to={`/teacher-modules/${module._id}`} state={{ librarySearch } satisfies LibraryReturnState}>
          {module.title}
        </Link>
      </h2>
      <p className="module-card-description line-clamped">{module.description}</p>
      <p className="module-card-meta muted">
        <span>
          {count} {count === 1 ? 'Section' : 'Sections'}
        </span>
        <UpdatedDate iso={module.updatedAt} />
      </p>
    </li>
  );
}
