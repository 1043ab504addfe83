// Where exports go: the upload bucket under the exports prefix (its lifecycle deletes them after a day), handed out
// as a presigned link that downloads the zip.
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DOWNLOAD_URL_TTL_SECONDS } from '@shared/constants';
import type { ExportStorage } from '../port';

export interface ExportStorageContext {
  client: S3Client;
  bucketName: string;
  presign: typeof getSignedUrl;
}

export function makeExportStorage({ client, bucketName: Bucket, presign }: ExportStorageContext): ExportStorage {
  return {
    async save(key, zip) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: zip, ContentType: 'application/zip' }));
    },
    link(key, fileName) {
      const command = new GetObjectCommand({ Bucket, Key: key, ResponseContentDisposition: `attachment; filename="${fileName}"`, ResponseContentType: 'application/zip' });
      return presign(client, command, { expiresIn: DOWNLOAD_URL_TTL_SECONDS });
    },
  };
}
