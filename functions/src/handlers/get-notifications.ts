import { makeNotificationService } from '../domain/notifications';
import { apiHandler, ok } from '../platform/http';
import { systemClock } from '../platform/system';
import { moduleStore, classStore, noticeStore } from '../platform/table-stores';

const notifications = makeNotificationService({ classes: classStore(), modules: moduleStore(), notices: noticeStore(), clock: systemClock });

export const handler = apiHandler('getNotifications', async (_request, caller) => ok(await notifications.bell(caller)));
