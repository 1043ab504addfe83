import { Link } from 'react-router-dom';
import type { Section } from '@shared/contract/modules';
import { readerPath } from '@web/lib/reader-paths';

/** View Content: opens the section in the reader, inside the app (a student's within their class). */
export function SectionContentLink({ section, moduleId, classId }: { section: Section; moduleId: string; classId?: string }) {
  return (
    <Link className="button button-secondary" to={readerPath(moduleId, section._id, classId)} aria-label={`View Content: ${section.title}`}>
      View Content
    </Link>
  );
}
