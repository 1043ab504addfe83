// /teacher-modules: the teacher's modules as cards, newest change first.
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { useFlashMessage } from '../../lib/flash-message';
import { byUpdatedDesc, useModules } from './api/modules';
import { ModuleCard } from './components/module-card';
import './modules.css';

const EMPTY_LIBRARY = 'You haven\'t created any modules yet. Click "Create New Module" to get started.';

export default function ModuleLibraryPage() {
  useDocumentTitle('My Modules Library');
  const modules = useModules();
  const [flash, clearFlash] = useFlashMessage();

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
      {modules.isPending ? (
        <Loading label="Loading modules..." />
      ) : modules.isError ? (
        <Alert tone="error">Could not load modules.</Alert>
      ) : modules.data.length === 0 ? (
        <p className="empty-state">{EMPTY_LIBRARY}</p>
      ) : (
        <ul className="grid card-list">
          {[...modules.data].sort(byUpdatedDesc).map((module) => (
            <ModuleCard key={module._id} module={module} />
          ))}
        </ul>
      )}
    </div>
  );
}
