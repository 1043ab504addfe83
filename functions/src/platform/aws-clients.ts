// SDK clients as module singletons, created once per Lambda container.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { env } from './env';

export const documentClient = DynamoDBDocumentClient.from(
  new DynamoDBClient(env.dynamoDbEndpoint ? { endpoint: env.dynamoDbEndpoint } : {}),
  { marshallOptions: { removeUndefinedValues: true } },
);

export const s3Client = new S3Client({
  ...(env.s3Endpoint ? { endpoint: env.s3Endpoint, forcePathStyle: true } : {}),
  // Browsers upload through presigned URLs; a signed checksum of an empty body would make every upload fail.
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
