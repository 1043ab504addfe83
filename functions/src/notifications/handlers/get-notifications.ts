import { buildNotificationService } from '../../composition/notifications';
import type { NotificationService } from '../notifications';
import { apiHandler } from '../../composition/api-handler';
import { ok } from '../../platform/http';

export const makeHandler = (notifications: NotificationService) =>
  apiHandler('getNotifications', async (_request, caller) => ok(await notifications.bell(caller)));

export const handler = makeHandler(buildNotificationService());
