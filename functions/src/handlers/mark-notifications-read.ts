import { makeNotificationService } from '../domain/notifications';
import { apiHandler, noContent } from '../platform/http';
import { systemClock } from '../platform/system';
import { moduleStore, classStore, noticeStore } from '../platform/table-stores';

const notifications = makeNotificationService({ classes: classStore(), modules: moduleStore(), notices: noticeStore(), clock: systemClock });

export const handler = apiHandler('markNotificationsRead', async (_request, caller) => {
  await notifications.markAllRead(caller);
  return noContent();
});
