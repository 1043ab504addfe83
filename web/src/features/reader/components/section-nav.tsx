// The module's sections beside the file: where the reader is, and (for a student) what is done. A sidebar on wide
// screens; below 900 px a drawer behind a button, so the file keeps the width. A section locked on the student's path
// is listed, with the word Locked, but is not a link.
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Section } from '@shared/contract/modules';
import { useMinWidth } from '@web/components/use-media-query';
import { readerPath } from '@web/lib/reader-paths';
import { isOpenable, isRequired } from '@web/lib/section-path';
import { PathTag } from '@web/components/path-note';

const SIDEBAR_MIN_WIDTH_PX = 900;

interface SectionNavProps {
  moduleId: string;
  classId?: string;
  sections: Section[];
  currentId: string;
  /** Completed section ids; absent for a teacher's preview, which shows no completion. */
  completed?: Set<string>;
}

export function SectionNav({ moduleId, classId, sections, currentId, completed }: SectionNavProps) {
  const wide = useMinWidth(SIDEBAR_MIN_WIDTH_PX);
  const [open, setOpen] = useState(false);
  const listId = useId();
  // Choosing a section closes the drawer.
  useEffect(() => setOpen(false), [currentId]);

  // A student's count is of their own required sections (not skipped, excused or unreleased ones).
  const counted = completed ? sections.filter(isRequired) : sections;
  const done = completed ? counted.filter((section) => completed.has(section._id)).length : undefined;
  const summary = done === undefined ? `${sections.length} sections` : `${done} of ${counted.length} complete`;
  return (
    <nav className={`reader-nav${wide ? '' : ' is-drawer'}`} aria-label="Module sections">
      {wide ? (
        <h2 className="reader-nav-heading">
          Sections <span className="muted">({summary})</span>
        </h2>
      ) : (
        <button type="button" className="button button-secondary reader-nav-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          Sections ({summary}) <span aria-hidden="true">{open ? '▴' : '▾'}</span>
        </button>
      )}
      <ol id={listId} className="reader-nav-list" hidden={!wide && !open}>
        {sections.map((section, index) => {
          const isDone = completed?.has(section._id) ?? false;
          const content = (
            <>
              {completed && <span className="reader-nav-state" aria-hidden="true">{isDone ? '✓' : ''}</span>}
              <span>
                {index + 1}. {section.title}
                {isDone && <span className="visually-hidden"> (completed)</span>}
                {completed && <PathTag section={section} />}
              </span>
            </>
          );
          return (
            <li key={section._id} className={isDone ? 'is-done' : undefined}>
              {isOpenable(section) ? (
                <Link to={readerPath(moduleId, section._id, classId)} aria-current={section._id === currentId ? 'page' : undefined}>
                  {content}
                </Link>
              ) : (
                <span className="reader-nav-locked" aria-current={section._id === currentId ? 'page' : undefined}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
