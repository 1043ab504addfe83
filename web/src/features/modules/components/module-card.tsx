import { Link } from 'react-router-dom';
import type { Module } from '@shared/entities';
import { UpdatedDate } from './updated-date';

export function ModuleCard({ module }: { module: Module }) {
  const count = module.sections.length;
  return (
    <li className="card module-card">
      <h2 className="module-card-title">
        <Link to={`/teacher-modules/${module._id}`}>{module.title}</Link>
      </h2>
      <p className="module-card-description">{module.description}</p>
      <p className="module-card-meta muted">
        <span>
          {count} {count === 1 ? 'Section' : 'Sections'}
        </span>
        <UpdatedDate iso={module.updatedAt} />
      </p>
    </li>
  );
}
