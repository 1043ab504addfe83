// Wires the class administration use cases to their adapters; each class administration handler calls it once.
import { randomUUID } from 'node:crypto';
import { makeCognitoUserDirectory } from '../directory/cognito-user-directory';
import { makeClassAdminService } from '../domain/class-admin';
import { cognitoClient } from '../platform/cognito-client';
import { documentClient } from '../platform/dynamodb-client';
import { localEndpoints, requiredEnv } from '../platform/env';
import { makeDynamoAuditLog } from '../repositories/audit-repository';
import { classStore } from '../repositories/school-adapters';

export function buildClassAdminService() {
  return makeClassAdminService({
    classes: classStore,
    directory: makeCognitoUserDirectory({ client: cognitoClient, userPoolId: requiredEnv('USER_POOL_ID'), local: localEndpoints.cognito !== undefined }),
    audit: makeDynamoAuditLog({ client: documentClient, tableName: requiredEnv('TABLE_NAME') }),
    clock: { now: () => new Date() },
    newId: randomUUID,
  });
}
