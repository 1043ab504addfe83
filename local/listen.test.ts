// Stopping a server lets requests in flight finish, within a bound.
import { createServer, type Server } from 'node:http';
import { closeServer, listen } from './listen';

const serverAnsweringAfter = (ms: number | null): Server =>
  createServer((_request, response) => {
    if (ms !== null) setTimeout(() => response.end('done'), ms);
  });

test('a request in flight when the server stops still gets its answer', async () => {
  const server = serverAnsweringAfter(300);
  const port = await listen(server, 0, '127.0.0.1', 'app');
  const answer = fetch(`http://127.0.0.1:${port}/`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const closed = closeServer(server, 5000);
  const response = await answer;
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('done');
  await closed;
  await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
});

test('a request that never finishes is dropped once the wait is over', async () => {
  const server = serverAnsweringAfter(null);
  const port = await listen(server, 0, '127.0.0.1', 'app');
  const answer = fetch(`http://127.0.0.1:${port}/`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  // The request never ends: closing can only resolve by dropping it once the 200 ms are over.
  await closeServer(server, 200);
  await expect(answer).rejects.toThrow();
});
