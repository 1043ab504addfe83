// The S3 client as a module singleton, created once per Lambda container.
import { S3Client } from '@aws-sdk/client-s3';
import { localEndpoints } from './env';

export const s3Client = new S3Client({
  ...(localEndpoints.s3 ? { endpoint: localEndpoints.s3, forcePathStyle: true } : {}),
  // Browsers upload through presigned URLs; a signed checksum of an empty body would make every upload fail.
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
