// Data access for what launches record: a platform user's person (one item per platform and `sub`, and its reverse
// beside the person's memberships, written together in one transaction), an LMS course's class, and the resource links
// of a class's modules in the class's partition. A person or course is linked once: the first link's condition holds,
// a launch racing it reads the winner's.
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { LtiLaunchLinks, LtiResourceLink } from '../port';
import { cancellationCodes, conditionally, keys, makeTableAccess, queries, type TableContext } from '../../table/table';

type ResourceLinkItem = LtiResourceLink & { pk: string; sk: string; entity: string };

export function makeLtiLinkRepository(context: TableContext): LtiLaunchLinks {
  const { client, tableName } = context;
  const table = makeTableAccess(context);

  const personFor = async (platformId: string, sub: string) =>
    (await table.getItem<{ userId: string }>(keys.ltiPerson(platformId, sub)))?.userId;
  const classFor = async (platformId: string, contextId: string) =>
    (await table.getItem<{ classId: string }>(keys.ltiCourse(platformId, contextId)))?.classId;

  return {
    personFor,
    classFor,

    async linkPerson({ platformId, sub, userId }) {
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.ltiPerson(platformId, sub), entity: 'LtiPerson', platformId, sub, userId },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              { Put: { TableName: tableName, Item: { ...keys.ltiPlatformUser(userId, platformId), entity: 'LtiPlatformUser', platformId, sub, userId } } },
            ],
          }),
        );
        return userId;
      } catch (error) {
        if (!cancellationCodes(error)?.includes('ConditionalCheckFailed')) throw error;
        return (await personFor(platformId, sub))!;
      }
    },

    async linkClass({ platformId, contextId, classId }) {
      const linked = await conditionally(() =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.ltiCourse(platformId, contextId), entity: 'LtiCourse', platformId, contextId, classId },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
      return linked ? classId : (await classFor(platformId, contextId))!;
    },

    async platformUserFor(userId, platformId) {
      const item = await table.getItem<{ sub: string }>(keys.ltiPlatformUser(userId, platformId));
      return item && { platformId, sub: item.sub, userId };
    },

    async putResourceLink(link) {
      const { classId, moduleId, platformId, deploymentId, resourceLinkId } = link;
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.ltiResourceLink(classId, moduleId, platformId, deploymentId, resourceLinkId), entity: 'LtiResourceLink', ...link },
        }),
      );
    },

    async resourceLinksFor(classId, moduleId) {
      const items = await table.queryByPrefix<ResourceLinkItem>(queries.ltiResourceLinksOf(classId, moduleId), { consistent: true });
      return items.map(({ pk: _pk, sk: _sk, entity: _entity, ...link }) => link);
    },
  };
}
