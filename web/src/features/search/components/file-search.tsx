// Search inside files: a box, then each match as its module, section and page with the matching words marked, a link
// that opens the reader at that page. The teacher's library searches everything they own; a student searches inside
// the module they are reading (`moduleId`, with the class they read it in for the reader's links).
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { SearchResult } from '@shared/contract/search';
import { Alert } from '@web/components/alert';
import { useSearch } from '@web/api/search';
import { QueryView } from '@web/components/query-view';
import { readerPath } from '@web/lib/reader-paths';
import '../search.css';

export interface FileSearchProps {
  /** Titles to show for the results (the modules the page has already loaded). */
  modules: readonly { _id: string; title: string; sections: readonly { _id: string; title: string }[] }[];
  /** Search inside this module only (a student in the reader). */
  moduleId?: string;
  /** The class a student reads the module in, for links into the reader. */
  classId?: string;
  label?: string;
}

export function FileSearch({ modules, moduleId, classId, label = 'Search inside files' }: FileSearchProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const results = useSearch(query, moduleId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(typed.trim());
  };

  return (
    <div className="file-search">
      <form role="search" onSubmit={submit}>
        <label htmlFor={`${id}-query`}>
          {label}
        </label>
        <div className="file-search-row">
          <input id={`${id}-query`} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} maxLength={200} />
          <button type="submit" className="button secondary" disabled={typed.trim() === ''}>
            Search
          </button>
        </div>
      </form>
      {query !== '' && (
        <QueryView
          query={results}
          loading={
            <p className="muted" role="status">
              Searching…
            </p>
          }
          error={(error) => <Alert tone="error">{error.message}</Alert>}
          empty={{
            when: (data) => data.results.length === 0,
            show: (
              <p className="muted" role="status">
                Nothing found for “{query}”.
              </p>
            ),
          }}
        >
          {({ results: hits }) => (
            <>
              <p className="muted" role="status">
                {hits.length === 1 ? '1 match' : `${hits.length} matches`} for “{query}”
              </p>
              <ol className="file-search-results">
                {hits.map((result, index) => (
                  <SearchHit key={index} result={result} modules={modules} classId={classId} />
                ))}
              </ol>
            </>
          )}
        </QueryView>
      )}
    </div>
  );
}

function SearchHit({ result, modules, classId }: { result: SearchResult; modules: FileSearchProps['modules']; classId?: string }) {
  const module = modules.find((candidate) => candidate._id === result.moduleId);
  const section = module?.sections.find((candidate) => candidate._id === result.sectionId);
  const place = [module?.title ?? 'Module', section?.title, result.page === null ? undefined : `page ${result.page}`].filter(Boolean).join(' › ');
  const target = result.sectionId
    ? `${readerPath(result.moduleId, result.sectionId, classId)}${result.page === null ? '' : `?page=${result.page}`}`
    : `/teacher-modules/${result.moduleId}`;
  return (
    <li>
      <Link to={target}>{place}</Link>
      <p className="file-search-snippet">
        <Highlighted text={result.snippet} words={result.highlights} />
      </p>
    </li>
  );
}

/** The snippet with each matching word in a <mark>. */
function Highlighted({ text, words }: { text: string; words: string[] }) {
  if (words.length === 0) return <>{text}</>;
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = text.split(new RegExp(`(?<![\\p{L}\\p{N}])(${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'u'));
  return (
    <>
      {parts.map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part))}
    </>
  );
}
