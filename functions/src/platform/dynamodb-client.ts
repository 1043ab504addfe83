// Builds the DynamoDB document client a handler uses, once per Lambda container (at cold start).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localEndpoint } from './env';
import { traced } from './tracing';

export function makeDocumentClient(endpoint = localEndpoint('DYNAMODB_ENDPOINT')): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(traced(new DynamoDBClient(endpoint ? { endpoint } : {})), {
    marshallOptions: { removeUndefinedValues: true },
  });
}
