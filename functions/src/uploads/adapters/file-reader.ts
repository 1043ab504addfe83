// Reads a stored file's bytes for text extraction: the only read of a whole object, refused above a size before its
// body is downloaded.
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { FileReader } from '../port';

/** Without ListBucket (no function has it) S3 answers a missing key with 403, as the file storage adapter reads it. */
const isMissing = (error: unknown) => ['NoSuchKey', 'NotFound', 'AccessDenied', 'Forbidden'].includes((error as Error).name);

export function makeFileReader({ client, bucketName: Bucket }: { client: S3Client; bucketName: string }): FileReader {
  return {
    async readFile(key, maxBytes) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return new Uint8Array(0);
        if ((object.ContentLength ?? 0) > maxBytes) {
          // The body is a stream not read yet: closing it downloads nothing more.
          (object.Body as { destroy?: () => void }).destroy?.();
          return 'too-large';
        }
        return await object.Body.transformToByteArray();
      } catch (error) {
        if (isMissing(error)) return 'missing';
        throw error;
      }
    },
  };
}
