// Where exports go: the upload bucket under the exports prefix (its lifecycle deletes them after a day), handed out
// as a signed link (FileLinks) that downloads the zip.
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { FileLinks } from '../../uploads/port';
import type { ExportStorage } from '../port';

export interface ExportStorageContext {
  client: S3Client;
  bucketName: string;
  links: FileLinks;
}

export function makeExportStorage({ client, bucketName: Bucket, links }: ExportStorageContext): ExportStorage {
  return {
    async save(key, zip) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: zip, ContentType: 'application/zip' }));
    },
    link: (key, fileName) => links.link(key, fileName, 'application/zip'),
  };
}
