// Data access for user profiles: the display name shown on rosters, reports and class cards.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../../../shared/roles';
import { batchGet, documentClient, keys, tableName } from './table';

export interface UserProfile {
  userId: string;
  username: string;
  email: string;
  role: Role;
}

export async function putUserProfile(profile: UserProfile): Promise<void> {
  await documentClient.send(
    new PutCommand({ TableName: tableName, Item: { ...keys.userProfile(profile.userId), entity: 'User', ...profile } }),
  );
}

/** Profiles by id; ids without a profile are left out. */
export async function getUserProfiles(userIds: string[]): Promise<Map<string, UserProfile>> {
  const items = await batchGet<UserProfile>(userIds.map(keys.userProfile));
  return new Map(items.map(({ userId, username, email, role }) => [userId, { userId, username, email, role }]));
}
