// Types for the local twins that ship none; only what the local stack uses.

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

// dynalite's internals that the twin's TransactWriteItems (transactions.ts) builds on; pinned to dynalite 4.0.0.
declare module 'dynalite/db' {
  type Done = (error?: (Error & { name: string }) | null, value?: unknown) => void;

  export interface DynaliteTable {
    TableName: string;
  }

  /** One of dynalite's LevelDB sub-databases (a table's items, or one index's entries). */
  export interface DynaliteSubDb {
    get(key: string, done: (error: (Error & { name: string }) | null | undefined, value?: Record<string, unknown>) => void): void;
    put(key: string, value: unknown, done: () => void): void;
    del(key: string, done: () => void): void;
    /** The `lock` package: `exec` gets a function that wraps a callback so calling it releases the locks. */
    lock(keys: string | string[], exec: (release: (done: () => void) => () => void) => void): void;
  }

  export type BatchOperation = { type: 'put'; key: string; value: unknown } | { type: 'del'; key: string };

  export interface DynaliteStore {
    db: { batch(operations: BatchOperation[], done: Done): void };
    getTable(name: string, done: (error: unknown, table?: DynaliteTable) => void): void;
    getItemDb(tableName: string): DynaliteSubDb;
    getIndexDb(indexType: string, tableName: string, indexName: string): DynaliteSubDb;
  }

  const db: {
    /** Called by dynalite() to build its store (assignable: the twin wraps it to keep the store it serves). */
    create: (options: object) => DynaliteStore;
    createKey(item: Record<string, unknown>, table: DynaliteTable): string;
    /** The ConditionalCheckFailedException of a request's condition against the item, or nothing when it holds. */
    checkConditional(data: Record<string, unknown>, item: Record<string, unknown> | undefined): Error | null | undefined;
  };
  export default db;
}

declare module 'dynalite/validations' {
  import type { DynaliteStore } from 'dynalite/db';

  const validations: {
    checkTypes(data: Record<string, unknown>, types: object): Record<string, unknown>;
    checkValidations(data: Record<string, unknown>, types: object, custom: unknown, store: DynaliteStore): void;
  };
  export default validations;
}

declare module 'dynalite/validations/*' {
  const rules: { types: object; custom: unknown };
  export default rules;
}

declare module 'dynalite/actions/*' {
  import type { DynaliteStore } from 'dynalite/db';

  const action: (store: DynaliteStore, data: Record<string, unknown>, done: (error?: unknown, value?: unknown) => void) => void;
  export default action;
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
      /** An object's metadata, its `etag` quoted as S3 sends it; rejects when there is no object. */
      getMetadata(bucket: string, key: string): Promise<{ etag: string }>;
      /** Deletes an object (DeleteObject and each key of DeleteObjects call it). */
      deleteObject(bucket: string, key: string): Promise<void>;
      /** The objects of a bucket (ListObjects and ListObjectsV2 call it); fails with ENOENT on an object deleted meanwhile. */
      listObjects(bucket: string, options: Record<string, unknown>): Promise<unknown>;
    };
    logger: { close(): void };
    configureBuckets(): Promise<void>;
    /** The Koa request listener, for a server we create (and whose errors we handle) ourselves. */
    callback(): RequestListener;
  }
  export = S3rver;
}

// oidc-provider 9 (the school providers' stand-in, school-provider-twin.ts) ships JavaScript only.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  interface KoaContextWithOIDC {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      provider: Provider;
    };
  }

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients: Record<string, unknown>[];
    jwks: { keys: Record<string, unknown>[] };
    claims: Record<string, string[] | null>;
    conformIdTokenClaims: boolean;
    findAccount(ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined>;
    interactions: { url(ctx: KoaContextWithOIDC, interaction: { uid: string }): string };
    features: Record<string, { enabled: boolean }>;
    ttl: Record<string, number>;
    loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined>;
  }

  class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: {
      new (properties: { clientId: string; accountId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<{ uid: string }>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: { login: { accountId: string; amr?: string[] } },
      options: { mergeWithLastSubmission: boolean },
    ): Promise<void>;
  }

  export type { KoaContextWithOIDC };
  export default Provider;
}
