// The admin dashboard's school sign-in section: each e-mail domain the school's identity providers sign in, with the
// choice "let new people from this domain in as students" (off: someone nobody invited is told their account is not
// set up). Shown only where the stage federates a provider.
import { QueryView } from '@web/components/query-view';
import { Alert } from '@web/components/alert';
import { useSchoolSignInDomains, useSetSchoolSignInDomain } from '@web/api/school-sign-in';
import { LoadError } from '../../components/load-error';

export function SchoolSignInDomains({ enabled }: { enabled: boolean }) {
  const domains = useSchoolSignInDomains({ enabled });
  const setDomain = useSetSchoolSignInDomain();
  return (
    <QueryView
      query={domains}
      loading="Loading school sign-in..."
      error={(error) => <LoadError what="Could not load school sign-in" error={error} />}
      empty={{ when: (data) => data.domains.length === 0, show: null }}
    >
      {({ domains: list }) => (
        <section className="card" aria-labelledby="school-sign-in-heading">
          <h2 id="school-sign-in-heading">School sign-in</h2>
          <p className="muted">
            People sign in with their school account from these domains. Someone nobody invited is told to ask you, unless
            you let new people from their domain in as students.
          </p>
          {setDomain.isError && <Alert tone="error">{setDomain.error.message}</Alert>}
          <ul>
            {list.map(({ domain, providers, studentsMayJoin }) => (
              <li key={domain}>
                <label>
                  <input
                    type="checkbox"
                    checked={studentsMayJoin}
                    disabled={setDomain.isPending}
                    onChange={(event) => setDomain.mutate({ domain, studentsMayJoin: event.target.checked })}
                  />{' '}
                  Let new people from <strong>{domain}</strong> in as students
                </label>{' '}
                <span className="muted">({providers.join(', ')})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </QueryView>
  );
}
