import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { useCurrentUser } from '../lib/auth';
import { renderRoutes, signedIn, STUDENT, TEACHER } from '../testing/test-utils';
import { areas } from './signed-in-area';

/** A page whose answer never goes stale: only a new cache asks again. */
function WhoseAnswer() {
  const user = useCurrentUser();
  const { data } = useQuery({ queryKey: ['whose-answer'], queryFn: async () => `Answer fetched for ${user.name}`, staleTime: Infinity });
  return <p>{data}</p>;
}

// Without a role of ours the area draws the public header, which asks the API for nothing.
const withoutRole = (user: typeof TEACHER) => signedIn({ ...user, role: null });
const AnySignedInArea = areas.signedIn;
const routes = [{ element: <AnySignedInArea />, children: [{ path: '/page', element: <WhoseAnswer /> }] }];

it("gives someone else signing in on the tab an empty cache, not the last person's answers", async () => {
  const { controls } = renderRoutes(routes, '/page', withoutRole(TEACHER));
  expect(await screen.findByText('Answer fetched for Ada Teacher')).toBeInTheDocument();

  act(() => controls.setState(withoutRole(STUDENT)));
  expect(await screen.findByText('Answer fetched for Sam Student')).toBeInTheDocument();
});
