// Data access for the administrators' choice per e-mail domain (`SCHOOL` / `SIGN_IN_DOMAIN#{domain}`): read by key on
// a newcomer's first school sign-in, listed by one Query for the admin page, set by one PutItem (a whole value).
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DomainSetting, DomainSettingStore } from '../port';
import { keys, SIGN_IN_DOMAIN_PREFIX, type TableContext } from '../../table/table';

export function makeDomainSettingRepository({ client, tableName }: TableContext): DomainSettingStore {
  return {
    async studentsMayJoin(domain) {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.schoolSignInDomain(domain) }));
      return Item?.studentsMayJoin === true;
    },

    async list() {
      const { pk } = keys.schoolSignInDomain('');
      const settings: DomainSetting[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': pk, ':prefix': SIGN_IN_DOMAIN_PREFIX },
            ExclusiveStartKey,
          }),
        );
        for (const item of page.Items ?? []) settings.push({ domain: String(item.domain), studentsMayJoin: item.studentsMayJoin === true });
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return settings;
    },

    async save({ domain, studentsMayJoin }) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...keys.schoolSignInDomain(domain), domain, studentsMayJoin } }));
    },
  };
}
