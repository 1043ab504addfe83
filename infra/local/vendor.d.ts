// Types for the two local twins that ship none; only what the local stack uses.

declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    /** LevelDB directory; omitted = in memory. */
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
  }

  function dynalite(options?: DynaliteOptions): Server;
  export = dynalite;
}

declare module 's3rver' {
  import type { RequestListener, Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  class S3rver {
    constructor(options: S3rverOptions);
    httpServer?: Server;
    store: {
      /** Where s3rver keeps a resource; `uploads` is the folder of multipart uploads in progress. */
      getResourcePath(bucket: string, key: string | undefined, resource: string): string;
      existsObject(bucket: string, key: string): Promise<boolean>;
    };
    logger: { close(): void };
    configureBuckets(): Promise<void>;
    /** The Koa request listener, for a server we create (and whose errors we handle) ourselves. */
    callback(): RequestListener;
  }
  export = S3rver;
}
