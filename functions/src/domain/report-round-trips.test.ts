// The class report and the module drill-down over the real DynamoDB adapters with a mocked client: each is a fixed
// number of round trips whatever the class size (docs/architecture.md states the numbers).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '../../../test/unit-helpers/aws';
import { classItem, CLASS_ID, MODULE_ID, moduleItem, progressItem } from '../../../test/unit-helpers/fixtures';
import { callers } from '../../test/in-memory/records';
import { FixedClock } from '../../test/in-memory/stores';
import { makeClassRepository } from '../repositories/class-repository';
import { makeModuleRepository } from '../repositories/module-repository';
import { makeProgressRepository } from '../repositories/progress-repository';
import { makeProgressService } from './progress';

const { ddb } = mockAws();
const context = { client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'table' };
const service = makeProgressService({
  classes: makeClassRepository(context),
  modules: makeModuleRepository(context),
  progress: makeProgressRepository(context),
  clock: new FixedClock(),
});

function givenClassOf(size: number) {
  const studentIds = Array.from({ length: size }, (_, index) => `student-${index}`);
  const modules = Array.from({ length: 20 }, (_, index) => moduleItem({ moduleId: `${MODULE_ID}-${index}`, title: `Module ${index}` }));
  ddb.on(GetCommand).resolves({
    Item: classItem({
      students: Object.fromEntries(studentIds.map((id) => [id, id])),
      assignedModuleIds: modules.map((module) => module.moduleId as string),
    }),
  });
  ddb.on(GetCommand, { Key: { pk: `MODULE#${MODULE_ID}-0`, sk: 'MODULE' } }).resolves({ Item: modules[0] });
  ddb.on(BatchGetCommand).resolves({ Responses: { table: modules } });
  ddb.on(QueryCommand).resolves({
    Items: studentIds.flatMap((studentId) => modules.map((module) => progressItem({ moduleId: module.moduleId as string, studentId }))),
  });
}

const roundTrips = () => ddb.calls().length;

it.each([1, 200])('reads the class report of %i students × 20 modules in 3 round trips', async (size) => {
  givenClassOf(size);
  const rows = await service.classReport(callers.teacher, CLASS_ID);
  expect(rows).toHaveLength(size);
  expect(roundTrips()).toBe(3);
});

it.each([1, 200])('reads the module drill-down of %i students in 3 round trips', async (size) => {
  givenClassOf(size);
  const drillDown = await service.moduleReport(callers.teacher, CLASS_ID, `${MODULE_ID}-0`);
  expect(drillDown.rows).toHaveLength(size);
  expect(roundTrips()).toBe(3);
});
