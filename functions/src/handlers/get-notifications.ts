import { makeNotificationService } from '../domain/notifications';
import { apiHandler, ok } from '../platform/http';
import { systemClock } from '../platform/system';
import { tableStores } from '../platform/table-stores';

const notifications = makeNotificationService({ ...tableStores(), clock: systemClock });

export const handler = apiHandler('getNotifications', async (_request, caller) => ok(await notifications.bell(caller)));
