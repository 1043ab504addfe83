// The form integration tests use: no data directory (a temporary one, removed on stop), no demo data, own users.
import { existsSync } from 'node:fs';
import { routes } from '../shared/contract';
import { startLocalStack } from './stack';
import { createUser, signIn } from './users';

jest.setTimeout(30_000);

test('a throwaway stack starts empty, takes users from createUser and leaves nothing behind', async () => {
  const lines: string[] = [];
  const stack = await startLocalStack({ seed: false, log: (line) => lines.push(line), logRequests: true });
  const { config } = stack;
  try {
    expect(existsSync(stack.dataDir)).toBe(true);
    expect(config.users).toEqual([]);
    await createUser(config, { email: 'solo.teacher@example.com', password: 'Solo-pass-1', role: 'Teachers' });
    const token = await signIn(config, 'solo.teacher@example.com', 'Solo-pass-1');
    const response = await fetch(`${config.apiUrl}${routes.listClasses.path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
    // As API Gateway: one request id, in the answer's header and in a structured access-log line.
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({ requestId, routeKey: 'GET /api/classes', path: '/api/classes', status: 200, latencyMs: expect.any(Number) }),
    );
  } finally {
    await stack.stop();
  }
  expect(existsSync(stack.dataDir)).toBe(false);

  // The handlers keep the endpoints they were first loaded with: a second stack on other ports is refused clearly.
  await expect(startLocalStack({ seed: false })).rejects.toThrow(/same ports/);
});
