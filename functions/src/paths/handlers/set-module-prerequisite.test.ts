// PUT /api/classes/{classId}/modules/{moduleId}/prerequisite over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './set-module-prerequisite';
import { makeClassService } from '../../classes/classes';
import { CLASS_ID, givenSchool, MODULE_ID, moduleRecord } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts, storedState } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const handler = makeHandler(makeClassService(ports));

const put = (body: unknown, moduleId = 'module-2') =>
  invoke(handler, apiEvent(routes.setModulePrerequisite, { token: tokens.teacher, pathParameters: { classId: CLASS_ID, moduleId }, body }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports, { class: { assignedModuleIds: [MODULE_ID, 'module-2'] } });
  ports.modules.put(moduleRecord({ moduleId: 'module-2', title: 'Genetics' }));
});

describe('PUT /api/classes/{classId}/modules/{moduleId}/prerequisite', () => {
  it('answers 200 with the class detail naming the prerequisite, and null removes it', async () => {
    expect(await put({ prerequisiteModuleId: MODULE_ID })).toMatchObject({
      statusCode: 200,
      body: { assignedModuleIds: expect.arrayContaining([expect.objectContaining({ _id: 'module-2', prerequisiteModuleId: MODULE_ID })]) },
    });
    const removed = await put({ prerequisiteModuleId: null });
    expect(removed.body.assignedModuleIds.every((module: object) => !('prerequisiteModuleId' in module))).toBe(true);
  });

  it.each([
    ['a missing prerequisiteModuleId', {}, /prerequisiteModuleId/],
    ['a loop back to the module', { prerequisiteModuleId: 'module-2' }, /cannot wait for itself/],
    ['a module not in the class', { prerequisiteModuleId: 'elsewhere' }, /not assigned to this class/],
  ])('answers 400 to %s, changing nothing', async (_case, body, message) => {
    const before = storedState(ports);
    expect(await put(body)).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(storedState(ports)).toEqual(before);
  });
});
