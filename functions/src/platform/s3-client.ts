// Builds the S3 client a handler uses, once per Lambda container (at cold start).
import { S3Client } from '@aws-sdk/client-s3';
import { localEndpoint } from './env';
import { traced } from './tracing';

export function makeS3Client(endpoint = localEndpoint('S3_ENDPOINT')): S3Client {
  return traced(
    new S3Client({
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      // Browsers upload through presigned URLs; a signed checksum of an empty body would make every upload fail.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  );
}
