// Builds the DynamoDB document client a handler uses, once per Lambda container (at cold start).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localEndpoint } from './env';
import { traced } from './tracing';
import { guardsBefore } from './writes-after-guards';

export function makeDocumentClient(endpoint = localEndpoint('DYNAMODB_ENDPOINT')): DynamoDBDocumentClient {
  const client = DynamoDBDocumentClient.from(traced(new DynamoDBClient(endpoint ? { endpoint } : {})), {
    marshallOptions: { removeUndefinedValues: true },
  });
  // A use case started beside its caller's guards writes only once they passed (platform/writes-after-guards.ts). The
  // prototype's send is looked up at each call, as the unit tests' mocks replace it after the client is built.
  const send = (...args: unknown[]) => (DynamoDBDocumentClient.prototype.send as (...input: unknown[]) => Promise<unknown>).apply(client, args);
  client.send = ((...args: [object, ...unknown[]]) => {
    const guards = guardsBefore(args[0]);
    return guards ? guards.then(() => send(...args)) : send(...args);
  }) as DynamoDBDocumentClient['send'];
  return client;
}
