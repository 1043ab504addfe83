// The DynamoDB client as a module singleton, created once per Lambda container.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localEndpoints } from './env';

export const documentClient = DynamoDBDocumentClient.from(
  new DynamoDBClient(localEndpoints.dynamoDb ? { endpoint: localEndpoints.dynamoDb } : {}),
  { marshallOptions: { removeUndefinedValues: true } },
);
