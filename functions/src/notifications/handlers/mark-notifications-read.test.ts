// POST /api/notifications/read over in-memory stores: the caller's bell counts nothing older as unread.
import { routes } from '@shared/contract';
import { apiEvent, invoke, STUDENT_ID, tokens, type TokenSpec } from '@test/unit-helpers/events';
import { makeHandler } from './mark-notifications-read';
import { makeNotificationService } from '../notifications';
import { givenSchool, MODULE_ID } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts } from '@functions/test/in-memory/ports';
import { FixedClock } from '../../kernel/fakes/clock-ids-log';

const ports = inMemoryPorts();
const notifications = makeNotificationService(ports);
const handler = makeHandler(notifications);

const markRead = (token: TokenSpec) => invoke(handler, apiEvent(routes.markNotificationsRead, { token }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports, { class: { assignedAt: { [MODULE_ID]: '2024-05-02T09:00:00.000Z' } } });
});

describe('POST /api/notifications/read', () => {
  it("answers 204 with no body, and the caller's bell has nothing unread", async () => {
    expect(await markRead(tokens.student)).toMatchObject({ statusCode: 204, body: undefined });
    expect(await ports.notices.getReadAt(STUDENT_ID)).toBe(FixedClock.START);
    expect(await notifications.bell({ userId: STUDENT_ID, roles: ['Students'] })).toMatchObject({ unread: 0, items: [{ kind: 'assigned' }] });
  });

  it('answers 403 to an admin, marking nothing', async () => {
    expect(await markRead(tokens.admin)).toMatchObject({ statusCode: 403 });
    expect(await ports.notices.getReadAt('admin-1')).toBeUndefined();
  });
});
