// GET /api/modules/getAllModules over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, invoke, OTHER_TEACHER_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './list-modules';
import { makeModuleLibrary } from '../modules';
import { moduleRecord } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const handler = makeHandler(makeModuleLibrary(ports));

const list = (token = tokens.teacher) => invoke(handler, apiEvent(routes.listModules, { token }));

beforeEach(() => resetPorts(ports));

describe('GET /api/modules/getAllModules', () => {
  it("answers 200 with the caller's modules, most recently updated first", async () => {
    ports.modules.put(
      moduleRecord({ moduleId: 'old', updatedAt: '2024-01-01T00:00:00.000Z' }),
      moduleRecord({ moduleId: 'new', updatedAt: '2024-06-01T00:00:00.000Z' }),
      moduleRecord({ moduleId: 'theirs', ownerId: OTHER_TEACHER_ID }),
    );
    const answer = await list();
    expect(answer.statusCode).toBe(200);
    expect(answer.body.map((module: { _id: string }) => module._id)).toEqual(['new', 'old']);
    expect(answer.body[0]).not.toHaveProperty('ownerId');
  });

  it('answers 200 with an empty list to a teacher with no modules', async () => {
    expect(await list()).toMatchObject({ statusCode: 200, body: [] });
  });
});
