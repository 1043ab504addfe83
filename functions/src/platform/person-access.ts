// What apiHandler asks of every caller's access record (people/adapters/person-access-repository.ts, handed in by the
// composition root: composition/api-handler.ts), read beside the
// rate-limit write so a request keeps its round trips: a token issued at or before the person's last role or access
// change is refused on every route (the JWT authorizer checks only signature and expiry, and an access token lives on
// after a global sign-out), so is every token of a person whose erase began (read in the same BatchGetItem), and an
// admin's token counts only if its sign-in came after their second factor was on.
// PERSON_ACCESS_CHECK=off in the environment turns it off: the handlers' unit tests, over mocked clients.
import type { PersonAccessStore } from '../people/port';

/** Built once per handler module, at cold start; undefined when turned off. */
export function callerAccessRecords(store: () => PersonAccessStore): PersonAccessStore | undefined {
  return process.env.PERSON_ACCESS_CHECK === 'off' ? undefined : store();
}
