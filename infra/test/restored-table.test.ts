// After a point-in-time restore the stage's `tableName` names the restored table: every function uses it, and only it,
// while the Data stack keeps its own table, retained.
import { RESTORED_TABLE_NAME as RESTORED, WITH_SETTINGS_CHANGED } from './prebuilt-syntheses';
import { synthesize, type Synthesized } from './synthesize';

let restored: Synthesized;
let original: Synthesized;
beforeAll(() => {
  restored = synthesize(WITH_SETTINGS_CHANGED); // tableName: RESTORED
  original = synthesize();
}, 120_000);
afterAll(() => [restored, original].forEach((app) => app.cleanup()));

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
const resourcesOf = (app: Synthesized, stack: 'api' | 'data', type: string) =>
  Object.values(app.templates[stack].toJSON().Resources as Record<string, Resource>).filter((r) => r.Type === type);

test('every function is given the restored table\'s name', () => {
  const functions = resourcesOf(restored, 'api', 'AWS::Lambda::Function');
  expect(functions.length).toBeGreaterThan(10);
  const withTable = functions.filter((fn) => fn.Properties.Environment.Variables.TABLE_NAME !== undefined);
  expect(withTable.length).toBeGreaterThan(10);
  for (const fn of withTable) expect(fn.Properties.Environment.Variables.TABLE_NAME).toBe(RESTORED);
});

test('the functions\' grants name the restored table and its index, and no longer the Data stack\'s table', () => {
  const policies = JSON.stringify(resourcesOf(restored, 'api', 'AWS::IAM::Policy').map((policy) => policy.Properties.PolicyDocument));
  expect(policies).toContain(`:table/${RESTORED}"`);
  expect(policies).toContain(`:table/${RESTORED}/index/gsi1"`);
  expect(policies).not.toMatch(/ImportValue[^}]*Table/);
  const originalPolicies = JSON.stringify(resourcesOf(original, 'api', 'AWS::IAM::Policy').map((policy) => policy.Properties.PolicyDocument));
  expect(originalPolicies).not.toContain(RESTORED);
});

test('the Data stack keeps its own table, retained and protected, and says which table the API uses', () => {
  const [table] = resourcesOf(restored, 'data', 'AWS::DynamoDB::GlobalTable');
  expect(table.DeletionPolicy).toBe('Retain');
  expect(JSON.stringify(table.Properties)).toContain('"DeletionProtectionEnabled":true');
  restored.templates.data.hasOutput('ServedTableName', { Value: RESTORED });
});
