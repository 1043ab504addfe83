// Builds the bell's use cases over the table; each notification handler calls it once, at cold start.
import { makeNotificationService } from '../notifications/notifications';
import { systemClock } from './system';
import { classStore, moduleStore, noticeStore } from './table-stores';

export const buildNotificationService = () =>
  makeNotificationService({ classes: classStore(), modules: moduleStore(), notices: noticeStore(), clock: systemClock });
