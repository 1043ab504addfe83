// How the API client reaches the API: where, with which token, and what a person reads when nothing answers. Apart
// from the client (lib/api-client.ts), which carries the route table: the start-up and the login screens need only this.

/** What a person reads when a request got no answer (offline, or the connection dropped); the browser's own text says nothing useful. */
export const NO_CONNECTION = 'Could not reach the server. Check your connection, then try again.';

interface ApiConnection {
  baseUrl: string;
  getAccessToken: () => Promise<string | undefined>;
}

let connection: ApiConnection = { baseUrl: '', getAccessToken: async () => undefined };

export function configureApi(next: ApiConnection) {
  connection = next;
}

export const apiConnection = (): ApiConnection => connection;
