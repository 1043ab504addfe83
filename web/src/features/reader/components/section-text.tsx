// A section's text beside its file: the words the server extracted from it (GET …/sections/{sectionId}/text), page by
// page (a slide is a page, a Word document one page), as plain text for screen readers, slow connections and the
// browser's translation. The server applies the same lock rules as to the file; the reader shows neither for a locked
// section. "File" and "Text" are links (`?view=text`), so the choice survives a reload and can be shared.
import { Link, useSearchParams } from 'react-router-dom';
import type { Section } from '@shared/contract/modules';
import { NO_TEXT_FOUND } from '@shared/section-text';
import type { SectionText } from '@shared/contract/search';
import { Alert } from '@web/components/alert';
import { QueryView } from '@web/components/query-view';
import { useSectionText } from '@web/api/search';
import { ApiError } from '@web/lib/api-client';

export type SectionView = 'file' | 'text';

/** The view the address asks for: the file unless `?view=text`. */
export function useSectionView(): SectionView {
  const [params] = useSearchParams();
  return params.get('view') === 'text' ? 'text' : 'file';
}

/** File | Text: two links, the current one marked. */
export function SectionViewSwitch({ view }: { view: SectionView }) {
  return (
    <nav className="section-view-switch" aria-label="Show this section as">
      <Link to={{ search: '' }} replace aria-current={view === 'file' ? 'page' : undefined}>
        File
      </Link>
      <Link to={{ search: '?view=text' }} replace aria-current={view === 'text' ? 'page' : undefined}>
        Text
      </Link>
    </nav>
  );
}

const STATUS_WORDS: Record<Exclude<SectionText['status'], 'ready'>, string> = {
  pending: 'The text of this file is still being read. Try again in a minute, or use the file.',
  'no-text': `${NO_TEXT_FOUND} It may hold only pictures of text (a scan); use the file.`,
  'too-large': 'The file is too large to read all of it: the text below stops early. Download the original for the rest.',
  failed: 'The text of this file could not be read. Use the file, or download the original.',
};

/**
 * A file's lines end where its page's lines ended; a line going on in lower case continues the sentence, so it joins
 * the line before and the text wraps to the screen. Other line breaks (titles, list items) stay.
 */
const reflowed = (text: string) => text.replace(/[ \t]*\n[ \t]*(?=\p{Ll})/gu, ' ');

export function SectionTextView({ moduleId, section }: { moduleId: string; section: Section }) {
  const text = useSectionText(moduleId, section._id);
  const unit = section.contentType === 'PPT' ? 'Slide' : 'Page';
  return (
    <QueryView query={text} loading="Loading text..." error={(error) => <Alert tone="error">{`Could not load the text of this section.${failureReason(error)}`}</Alert>}>
      {(data) => <SectionTextPages text={data} section={section} unit={unit} />}
    </QueryView>
  );
}

const failureReason = (error: Error) => (error instanceof ApiError && error.status < 500 ? ` ${error.message}` : ' Try again, or use the file.');

function SectionTextPages({ text, section, unit }: { text: SectionText; section: Section; unit: string }) {
  const { status, pages } = text;
  const shown = pages.filter((page) => page.text.trim() !== '');
  return (
    <article className="section-text card" aria-label={`Text of ${section.title}`}>
      {status !== 'ready' && <Alert tone="info">{STATUS_WORDS[status]}</Alert>}
      {status === 'ready' && shown.length === 0 && <Alert tone="info">{STATUS_WORDS['no-text']}</Alert>}
      {shown.map((page) => (
        <section key={page.number} className="section-text-page">
          {/* Only files of several pages say where each page starts. */}
          {pages.length > 1 && <h2>{`${unit} ${page.number}`}</h2>}
          {reflowed(page.text)
            .split(/\n\s*\n/)
            .filter((paragraph) => paragraph.trim() !== '')
            .map((paragraph, index) => (
              <p key={index}>{paragraph.trim()}</p>
            ))}
        </section>
      ))}
    </article>
  );
}
