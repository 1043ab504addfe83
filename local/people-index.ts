// The people index's repair on a stack, for code that makes people in the user pool directly (the demo seed, the
// tests' users): as `npm run migrate` does after people were made outside the app, the copy is rebuilt from the pool.
import { makeCognitoUserDirectory } from '../functions/src/people/adapters/cognito-user-directory';
import { rebuildPeopleIndex } from '../functions/src/people/people';
import { makePeopleIndexRepository } from '../functions/src/people/adapters/people-index-repository';
import type { TargetStack } from './stack-config';
import { localTableContext } from './table-stores';
import { identityClient } from './users';

export async function rebuildStackPeopleIndex(config: Pick<TargetStack, 'region' | 'dynamodb' | 'cognito' | 'credentials'>) {
  const table = localTableContext(config);
  const identity = identityClient(config);
  try {
    return await rebuildPeopleIndex({
      directory: makeCognitoUserDirectory({ client: identity, userPoolId: config.cognito.userPoolId }),
      index: makePeopleIndexRepository(table),
    });
  } finally {
    table.client.destroy();
    identity.destroy();
  }
}
