// DELETE /api/modules/{id} over in-memory stores.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, tokens } from '@test/unit-helpers/events';
import { makeHandler } from './delete-module';
import { makeModuleService } from '../modules';
import { givenSchool, MODULE_ID } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts, storedState } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const handler = makeHandler(makeModuleService(ports));

const remove = (id = MODULE_ID, token = tokens.teacher) => invoke(handler, apiEvent(routes.deleteModule, { token, pathParameters: { id } }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
});

describe('DELETE /api/modules/{id}', () => {
  it('answers 204 with no body once the module and its files are gone', async () => {
    expect(await remove()).toMatchObject({ statusCode: 204, body: undefined });
    expect(ports.modules.all()).toEqual([]);
    expect(ports.files.keys()).toEqual([]);
  });

  it('answers 404 to a module the caller does not own, deleting nothing', async () => {
    const before = storedState(ports);
    expect(await remove(MODULE_ID, tokens.otherTeacher)).toMatchObject({ statusCode: 404, body: { message: 'Module not found.' } });
    expect(storedState(ports)).toEqual(before);
  });

  it('answers 400 to a malformed id, deleting nothing', async () => {
    expect(await remove('a b')).toMatchObject({ statusCode: 400, body: errorBody(/^id /) });
    expect(ports.modules.all()).toHaveLength(1);
  });
});
