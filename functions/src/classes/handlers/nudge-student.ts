import { nudgeStudentSchema } from '@shared/contract/classes';
import { buildNotificationService } from '../../composition/notifications';
import type { NotificationService } from '../../notifications/notifications';
import { apiHandler } from '../../composition/api-handler';
import { created, ok, pathId, validate } from '../../platform/http';

// 201 for a reminder sent; 200 for a repeat the same day (a double click), which sends nothing.
export const makeHandler = (notifications: NotificationService) =>
  apiHandler('nudgeStudent', async (request, caller) => {
    const classId = pathId(request, 'classId');
    const moduleId = pathId(request, 'moduleId');
    const { studentId } = validate(nudgeStudentSchema, request.body);
    const { nudge, created: isNew } = await notifications.nudge(caller, classId, moduleId, studentId);
    return isNew ? created(nudge) : ok(nudge);
  });

export const handler = makeHandler(buildNotificationService());
