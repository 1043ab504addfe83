// `npm run users -- export --file <path>` and `npm run users -- import --file <path> [--invite]`: a copy of the stage's
// user pool (users with their attributes, enabled state and groups; the groups) and its re-import, the pool's backup
// (Cognito keeps none). STAGE names the stage (required; AWS credentials as for the AWS CLI), or LOCAL_STACK=.local/stack.json.
// Passwords and second factors cannot leave Cognito: a re-created user signs in again from an invitation (--invite
// e-mails one) and turns TOTP on again. Cognito gives a re-created user a new id (`sub`), which the table knows people
// by: the import writes the old and new ids side by side (README.md, "Backups and restore").
import '../local/quiet-aws-sdk-notices';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  ListGroupsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type AttributeType,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { z } from 'zod';
import type { StackConfig } from '../local/stack-config';
import { identityClient } from '../local/users';
import { deployedStage } from './stage-outputs';

const USAGE = `Usage: npm run users -- export --file <path>
       npm run users -- import --file <path> [--invite]
The stage is STAGE (required, e.g. STAGE=test; AWS credentials as for the AWS CLI), or LOCAL_STACK=.local/stack.json.`;

/** Attributes Cognito sets itself and refuses to be given. */
const READ_ONLY_ATTRIBUTES = new Set(['sub', 'identities']);

const exportSchema = z.object({
  format: z.literal('learning-paths-user-pool'),
  version: z.literal(1),
  exportedAt: z.string(),
  userPoolId: z.string(),
  groups: z.array(z.object({ name: z.string().min(1), description: z.string().optional(), precedence: z.number().int().optional() })),
  users: z.array(
    z.object({
      /** The user's `sub` in the exported pool: the id the table knows them by. */
      id: z.string().min(1),
      email: z.string().min(1),
      attributes: z.record(z.string(), z.string()),
      enabled: z.boolean(),
      status: z.string(),
      groups: z.array(z.string()),
    }),
  ),
});

export type UserPoolExport = z.infer<typeof exportSchema>;
type ExportedUser = UserPoolExport['users'][number];

export interface ImportSummary {
  /** Users the pool did not have (by e-mail), created; their ids are new. */
  created: { email: string; previousId: string; id: string }[];
  /** Users the pool had whose attributes, groups or enabled state were put back. */
  updated: string[];
  unchanged: number;
  groupsCreated: string[];
  /** Users in the pool that the export does not name: left as they are. */
  notInExport: string[];
}

const attributesOf = (list: AttributeType[] = []) => Object.fromEntries(list.map(({ Name, Value }) => [Name!, Value ?? '']));

async function listAllUsers(client: CognitoIdentityProviderClient, userPoolId: string): Promise<UserType[]> {
  const users: UserType[] = [];
  let PaginationToken: string | undefined;
  do {
    const page = await client.send(new ListUsersCommand({ UserPoolId: userPoolId, PaginationToken }));
    users.push(...(page.Users ?? []));
    PaginationToken = page.PaginationToken;
  } while (PaginationToken);
  return users;
}

async function listGroups(client: CognitoIdentityProviderClient, userPoolId: string) {
  const groups: UserPoolExport['groups'] = [];
  let NextToken: string | undefined;
  do {
    const page = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId, NextToken }));
    groups.push(...(page.Groups ?? []).map((group) => ({ name: group.GroupName!, ...(group.Description && { description: group.Description }), ...(group.Precedence !== undefined && { precedence: group.Precedence }) })));
    NextToken = page.NextToken;
  } while (NextToken);
  return groups;
}

/** Usernames of a group's members (one listing per group, not one call per user). */
async function membersOf(client: CognitoIdentityProviderClient, userPoolId: string, groupName: string): Promise<Set<string>> {
  const members = new Set<string>();
  let NextToken: string | undefined;
  do {
    const page = await client.send(new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: groupName, NextToken }));
    for (const user of page.Users ?? []) members.add(user.Username!);
    NextToken = page.NextToken;
  } while (NextToken);
  return members;
}

/** Every user of the pool with attributes, state and groups, and every group: what `import` puts back. */
export async function exportUserPool(client: CognitoIdentityProviderClient, userPoolId: string, now = new Date()): Promise<UserPoolExport> {
  const [users, groups] = await Promise.all([listAllUsers(client, userPoolId), listGroups(client, userPoolId)]);
  const members = new Map(await Promise.all(groups.map(async ({ name }) => [name, await membersOf(client, userPoolId, name)] as const)));
  return {
    format: 'learning-paths-user-pool',
    version: 1,
    exportedAt: now.toISOString(),
    userPoolId,
    groups,
    users: users.map((user) => {
      const attributes = attributesOf(user.Attributes);
      return {
        id: attributes.sub ?? user.Username!,
        email: (attributes.email ?? '').toLowerCase(),
        attributes: Object.fromEntries(Object.entries(attributes).filter(([name]) => !READ_ONLY_ATTRIBUTES.has(name))),
        enabled: user.Enabled !== false,
        status: user.UserStatus ?? 'UNKNOWN',
        groups: groups.filter(({ name }) => members.get(name)!.has(user.Username!)).map(({ name }) => name),
      };
    }),
  };
}

/** Reads and checks an export file; an Error whose message says what is wrong with it. */
export function readUserPoolExport(text: string, file: string): UserPoolExport {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not JSON: give the file \`npm run users -- export\` wrote.`);
  }
  const parsed = exportSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file} is not a user pool export of this version (${issue.path.join('.') || 'file'}: ${issue.message}).`);
  }
  return parsed.data;
}

/**
 * Puts the export back into a pool: missing groups are created; a user the pool lacks (by e-mail) is created with the
 * exported attributes, groups and enabled state (invited by e-mail with `invite`, else silently: an administrator
 * resends invitations from /admin/people); a user it has gets the exported attributes, groups and enabled state back.
 * Users the export does not name are left alone. Idempotent: a second run changes nothing.
 */
export async function importUserPool(client: CognitoIdentityProviderClient, userPoolId: string, backup: UserPoolExport, options: { invite: boolean }): Promise<ImportSummary> {
  const summary: ImportSummary = { created: [], updated: [], unchanged: 0, groupsCreated: [], notInExport: [] };
  const existingGroups = new Set((await listGroups(client, userPoolId)).map(({ name }) => name));
  for (const group of backup.groups.filter(({ name }) => !existingGroups.has(name))) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group.name, Description: group.description, Precedence: group.precedence }));
    summary.groupsCreated.push(group.name);
  }
  const pool = await listAllUsers(client, userPoolId);
  const members = new Map(await Promise.all(backup.groups.map(async ({ name }) => [name, await membersOf(client, userPoolId, name)] as const)));
  const byEmail = new Map(pool.map((user) => [(attributesOf(user.Attributes).email ?? '').toLowerCase(), user]));
  const exported = new Set(backup.users.map(({ email }) => email));
  summary.notInExport = [...byEmail.keys()].filter((email) => email && !exported.has(email)).sort();
  for (const user of backup.users) {
    const current = byEmail.get(user.email);
    if (current) {
      if (await putBack(client, userPoolId, user, current, members)) summary.updated.push(user.email);
      else summary.unchanged += 1;
    } else {
      summary.created.push({ email: user.email, previousId: user.id, id: await create(client, userPoolId, user, options.invite) });
    }
  }
  return summary;
}

const writableAttributes = (attributes: Record<string, string>) =>
  Object.entries(attributes)
    .filter(([name]) => !READ_ONLY_ATTRIBUTES.has(name))
    .map(([Name, Value]) => ({ Name, Value }));

async function create(client: CognitoIdentityProviderClient, userPoolId: string, user: ExportedUser, invite: boolean): Promise<string> {
  const { User } = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: user.email,
      UserAttributes: writableAttributes(user.attributes),
      ...(invite ? { DesiredDeliveryMediums: ['EMAIL'] } : { MessageAction: 'SUPPRESS' }),
    }),
  );
  const username = User!.Username!;
  for (const group of user.groups) await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: group }));
  if (!user.enabled) await client.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: username }));
  return attributesOf(User!.Attributes).sub ?? username;
}

/** Writes only what differs from the export; true when something did. */
async function putBack(client: CognitoIdentityProviderClient, userPoolId: string, user: ExportedUser, current: UserType, members: Map<string, Set<string>>): Promise<boolean> {
  const username = current.Username!;
  const now = attributesOf(current.Attributes);
  const changedAttributes = writableAttributes(user.attributes).filter(({ Name, Value }) => now[Name] !== Value);
  const toAdd = user.groups.filter((group) => !members.get(group)?.has(username));
  const toRemove = [...members].filter(([group, names]) => names.has(username) && !user.groups.includes(group)).map(([group]) => group);
  const enabledChanged = (current.Enabled !== false) !== user.enabled;
  if (changedAttributes.length > 0) await client.send(new AdminUpdateUserAttributesCommand({ UserPoolId: userPoolId, Username: username, UserAttributes: changedAttributes }));
  for (const group of toAdd) await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: group }));
  for (const group of toRemove) await client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: group }));
  if (enabledChanged) await client.send(new (user.enabled ? AdminEnableUserCommand : AdminDisableUserCommand)({ UserPoolId: userPoolId, Username: username }));
  return changedAttributes.length + toAdd.length + toRemove.length > 0 || enabledChanged;
}

export function describeImport({ created, updated, unchanged, groupsCreated, notInExport }: ImportSummary): string {
  return [
    `Created ${created.length} user(s) the pool did not have, ${updated.length} put back as exported, ${unchanged} already as exported; ${groupsCreated.length} group(s) created.`,
    ...(notInExport.length > 0 ? [`${notInExport.length} user(s) in the pool are not in the export and were left as they are: ${notInExport.join(', ')}.`] : []),
    ...(created.length > 0
      ? ['Re-created users have new ids: their classes, progress and audit entries still name the old ones (README.md, "Backups and restore").']
      : []),
  ].join('\n');
}

async function main(args: string[]) {
  const { values, positionals } = parseArgs({ args, options: { file: { type: 'string' }, invite: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
  const [command] = positionals;
  if ((command !== 'export' && command !== 'import') || !values.file) throw new Error(USAGE);
  const localStack = process.env.LOCAL_STACK;
  const config = localStack ? (JSON.parse(readFileSync(localStack, 'utf8')) as StackConfig) : undefined;
  const userPoolId = config ? config.cognito.userPoolId : await deployedStage(`npm run users -- ${command} --file ${values.file}`).output('Auth', 'UserPoolId');
  const client = config ? identityClient(config) : new CognitoIdentityProviderClient({});
  try {
    if (command === 'export') {
      const backup = await exportUserPool(client, userPoolId);
      writeFileSync(values.file, `${JSON.stringify(backup, null, 2)}\n`, { mode: 0o600 });
      return `Exported ${backup.users.length} user(s) and ${backup.groups.length} group(s) of ${userPoolId} to ${values.file} (it holds e-mail addresses: keep it as you keep the school's data).`;
    }
    const summary = await importUserPool(client, userPoolId, readUserPoolExport(readFileSync(values.file, 'utf8'), values.file), { invite: values.invite });
    const idsFile = `${values.file}.new-ids.json`;
    if (summary.created.length > 0) writeFileSync(idsFile, `${JSON.stringify(summary.created, null, 2)}\n`, { mode: 0o600 });
    return `${describeImport(summary)}${summary.created.length > 0 ? `\nOld and new ids: ${idsFile}.` : ''}`;
  } finally {
    client.destroy();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (sentence) => console.log(sentence),
    (error: Error) => {
      console.error(error.message);
      process.exitCode = 1;
    },
  );
}
