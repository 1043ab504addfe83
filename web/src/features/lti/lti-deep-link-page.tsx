// /lms/deep-link/:requestId: where a teacher's "add external tool" in their LMS lands (Deep Linking 2.0). They choose
// one of their modules, or add nothing; the app signs the answer and this page form-posts it (`JWT`) to the LMS, which
// adds the module to the course. A request is answered once: the buttons stop after the first click, and a reload or
// Back after the answer says it was sent.
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { LtiDeepLink, LtiDeepLinkResponse } from '@shared/contract/lti';
import { Alert } from '../../components/alert';
import { LoadError } from '../../components/load-error';
import { QueryView } from '@web/components/query-view';
import { useDocumentTitle } from '../../components/use-document-title';
import { useLogError } from '../../lib/use-log-error';
import { useAnswerLtiDeepLink, useLtiDeepLink } from '@web/api/lti';
import '../people/people.css';
import './lti-deep-link.css';

export default function LtiDeepLinkPage() {
  useDocumentTitle('Add a module to your LMS');
  const { requestId = '' } = useParams();
  const request = useLtiDeepLink(requestId);
  useLogError(request.error, 'Loading the deep linking request failed');

  return (
    <>
      <h1>Add a module to your LMS course</h1>
      <QueryView
        query={request}
        loading="Loading your modules..."
        error={(error) => <LoadError what="Could not open this request from your LMS" error={error} />}
      >
        {(data) => <DeepLinkChoice request={data} />}
      </QueryView>
    </>
  );
}

function DeepLinkChoice({ request }: { request: LtiDeepLink }) {
  const answer = useAnswerLtiDeepLink(request.requestId);
  const [response, setResponse] = useState<LtiDeepLinkResponse | null>(null);
  const [choice, setChoice] = useState<string | null>(null);

  if (response) return <ResponsePost response={response} added={choice} />;
  if (request.status === 'answered') {
    return (
      <p role="status" className="card lti-deep-link-note">
        This request from {request.platformName} was answered already. To add another module, start again from your LMS course.
      </p>
    );
  }

  const choose = (moduleId: string | null, title: string | null) => {
    // One answer per request: a second click while the first is on its way sends nothing.
    if (answer.isPending) return;
    setChoice(title);
    answer.mutate(moduleId, { onSuccess: setResponse });
  };
  const busy = answer.isPending;

  return (
    <section aria-labelledby="lti-deep-link-heading">
      <h2 id="lti-deep-link-heading" className="lti-deep-link-lead">
        Choose a module for your {request.platformName} course
      </h2>
      {answer.error && <Alert tone="error">{answer.error.message}</Alert>}
      {request.modules.length === 0 ? (
        <p className="empty-state">You have no modules yet. Create one in Learning Paths, then add it from your LMS again.</p>
      ) : (
        <ul className="people-list" aria-label="Your modules">
          {request.modules.map((module) => (
            <li key={module.moduleId} className="card lti-deep-link-module">
              <span className="lti-deep-link-title">{module.title}</span>
              <span className="muted">{module.graded ? 'Has checks: scores go to the LMS gradebook' : 'No checks: no gradebook column'}</span>
              <button type="button" className="button" disabled={busy} onClick={() => choose(module.moduleId, module.title)} aria-label={`Add ${module.title}`}>
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button-secondary" disabled={busy} onClick={() => choose(null, null)}>
        Cancel and add nothing
      </button>
    </section>
  );
}

/** Posts the signed response to the LMS as soon as it is on the page (with a button, should the post not leave). */
function ResponsePost({ response, added }: { response: LtiDeepLinkResponse; added: string | null }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.submit(), []);
  return (
    <form ref={form} method="post" action={response.returnUrl} className="card lti-deep-link-note">
      <input type="hidden" name="JWT" value={response.jwt} />
      <p role="status">{added ? `Adding “${added}” to your LMS course...` : 'Going back to your LMS course...'}</p>
      <button type="submit" className="button">
        Back to the LMS
      </button>
    </form>
  );
}
