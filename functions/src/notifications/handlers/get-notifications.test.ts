// GET /api/notifications over in-memory stores: the caller's bell.
import { routes } from '@shared/contract';
import { apiEvent, invoke, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { makeHandler } from './get-notifications';
import { makeNotificationService } from '../notifications';
import { CLASS_ID, givenSchool, MODULE_ID } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const handler = makeHandler(makeNotificationService(ports));
const ASSIGNED_AT = '2024-05-02T09:00:00.000Z';

const bell = (token: TokenSpec) => invoke(handler, apiEvent(routes.getNotifications, { token }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports, { class: { assignedAt: { [MODULE_ID]: ASSIGNED_AT } } });
});

describe('GET /api/notifications', () => {
  it('answers 200 with a student the modules newly assigned to their classes, unread', async () => {
    expect(await bell(tokens.student)).toEqual(
      expect.objectContaining({
        statusCode: 200,
        body: {
          unread: 1,
          items: [
            { id: `assigned:${CLASS_ID}:${MODULE_ID}`, kind: 'assigned', at: ASSIGNED_AT, classId: CLASS_ID, className: 'Biology 7A', moduleId: MODULE_ID, moduleTitle: 'Cells' },
          ],
        },
      }),
    );
  });

  it('answers 200 with an empty bell to someone with nothing new', async () => {
    expect(await bell(tokens.otherStudent)).toMatchObject({ statusCode: 200, body: { unread: 0, items: [] } });
    expect(await bell(tokens.teacher)).toMatchObject({ statusCode: 200, body: { unread: 0, items: [] } });
  });

  it('answers 403 to an admin', async () => {
    expect(await bell(tokens.admin)).toMatchObject({ statusCode: 403 });
  });
});
