// Wires the people use cases to their adapters; each administration handler calls it once, at cold start.
import { makeCognitoUserDirectory } from '../directory/cognito-user-directory';
import { makePeopleService } from '../domain/people';
import { cognitoClient } from '../platform/cognito-client';
import { documentClient } from '../platform/dynamodb-client';
import { localEndpoints, requiredEnv } from '../platform/env';
import { makeDynamoAuditLog } from '../repositories/audit-repository';
import { rosterNames, schoolFigures } from '../repositories/school-adapters';

export function buildPeopleService() {
  return makePeopleService({
    directory: makeCognitoUserDirectory({
      client: cognitoClient,
      userPoolId: requiredEnv('USER_POOL_ID'),
      local: localEndpoints.cognito !== undefined,
    }),
    audit: makeDynamoAuditLog({ client: documentClient, tableName: requiredEnv('TABLE_NAME') }),
    clock: { now: () => new Date() },
    rosters: rosterNames,
    figures: schoolFigures,
  });
}
