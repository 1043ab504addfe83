import { makeNotificationService } from '../domain/notifications';
import { apiHandler, noContent } from '../platform/http';
import { systemClock } from '../platform/system';
import { tableStores } from '../platform/table-stores';

const notifications = makeNotificationService({ ...tableStores(), clock: systemClock });

export const handler = apiHandler('markNotificationsRead', async (_request, caller) => {
  await notifications.markAllRead(caller);
  return noContent();
});
