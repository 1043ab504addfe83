// Mocked AWS clients for the adapters' tests: the DynamoDB document client and S3, reset before every test, and the
// errors the SDK raises.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { S3Client, type S3ServiceException } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';

export function mockAws() {
  const ddb = mockClient(DynamoDBDocumentClient);
  const s3 = mockClient(S3Client);
  beforeEach(() => {
    ddb.reset();
    s3.reset();
  });
  return { ddb, s3 };
}

export const conditionFailure = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

/** An S3 error as the SDK raises it, by its name. */
export const s3Error = (name: string, statusCode = 400): S3ServiceException =>
  Object.assign(new Error(name), { name, $fault: 'client', $metadata: { httpStatusCode: statusCode } }) as S3ServiceException;
