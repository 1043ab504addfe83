import { buildNotificationService } from '../../composition/notifications';
import type { NotificationService } from '../notifications';
import { apiHandler } from '../../composition/api-handler';
import { noContent } from '../../platform/http';

export const makeHandler = (notifications: NotificationService) =>
  apiHandler('markNotificationsRead', async (_request, caller) => {
    await notifications.markAllRead(caller);
    return noContent();
  });

export const handler = makeHandler(buildNotificationService());
