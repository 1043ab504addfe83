// What a teacher's module screen shows instead of the module when it could not be read.
import { Link } from 'react-router-dom';
import { Alert } from '@web/components/alert';
import { isNotFound } from '@web/lib/api-client';

export function ModuleLoadError({ heading, error }: { heading: string; error: unknown }) {
  return (
    <div>
      <h1>{heading}</h1>
      <Alert tone="error">{isNotFound(error) ? 'Module not found.' : 'Failed to load module.'}</Alert>
      <Link to="/teacher-modules">Back to My Modules</Link>
    </div>
  );
}
