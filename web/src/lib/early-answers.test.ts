import { QueryClient } from '@tanstack/react-query';
import { askEarly, takeEarlyAnswerIfFirst } from './early-answers';

const queryKey = ['reports', 'class', 'c1'];

test('a query takes the answer asked for early, once', async () => {
  const client = new QueryClient();
  const ask = jest.fn(() => Promise.resolve('first page'));
  askEarly('report:c1', ask);
  await expect(takeEarlyAnswerIfFirst(client, queryKey, 'report:c1')).resolves.toBe('first page');
  expect(takeEarlyAnswerIfFirst(client, queryKey, 'report:c1')).toBeUndefined();
  expect(ask).toHaveBeenCalledTimes(1);
});

test('nothing is asked early once the query has asked the API itself', () => {
  const client = new QueryClient();
  expect(takeEarlyAnswerIfFirst(client, queryKey, 'report:c2')).toBeUndefined();
  const ask = jest.fn(() => Promise.resolve('first page'));
  askEarly('report:c2', ask);
  expect(ask).not.toHaveBeenCalled();
  // Only that once: a later start-up asks again.
  askEarly('report:c2', ask);
  expect(ask).toHaveBeenCalledTimes(1);
});

test('a query that already has data asks the API, and the early answer is dropped', () => {
  const client = new QueryClient();
  client.setQueryData(queryKey, 'shown');
  askEarly('report:c3', () => Promise.resolve('early'));
  expect(takeEarlyAnswerIfFirst(client, queryKey, 'report:c3')).toBeUndefined();
});
