// The ordered list of a module's sections while it is being built or edited.
import type { ReactNode } from 'react';
import type { DraftSection } from './add-section-form';

interface DraftSectionListProps {
  sections: DraftSection[];
  /** Extra content per section: a "Content Uploaded" marker, or move and remove buttons. */
  renderExtra: (section: DraftSection, index: number) => ReactNode;
}

export function DraftSectionList({ sections, renderExtra }: DraftSectionListProps) {
  return (
    <ol className="draft-sections">
      {sections.map((section, index) => (
        <li key={section.key} className="draft-section">
          <div className="draft-section-text">
            <span className="draft-section-title">
              {index + 1}. {section.title}
            </span>
            <span className="muted draft-section-file">
              {section.contentType}
              {section.originalFileName ? ` · ${section.originalFileName}` : ''}
            </span>
          </div>
          {renderExtra(section, index)}
        </li>
      ))}
    </ol>
  );
}
