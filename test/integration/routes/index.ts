// Every route's fixture, one file per contract resource (test/integration/routes/<resource>.ts, named as
// shared/contract/<resource>.ts): the one valid request every kind of caller sends, what the admitted callers get, and
// where needed how to drive the route's other paths. The role matrix and the route-permission test iterate it.
import type { RouteName } from '@shared/contract';
import type { RouteFixture } from './context';
import { modulesFixtures } from './modules';
import { pathsFixtures } from './paths';
import { classesFixtures } from './classes';
import { rostersFixtures } from './rosters';
import { progressFixtures } from './progress';
import { reportsFixtures } from './reports';
import { checksFixtures } from './checks';
import { notificationsFixtures } from './notifications';
import { uploadsFixtures } from './uploads';
import { peopleFixtures } from './people';
import { auditFixtures } from './audit';
import { searchFixtures } from './search';
import { dataExportFixtures } from './data-export';
import { ltiFixtures } from './lti';
import { schoolSignInFixtures } from './school-sign-in';
import { schoolYearFixtures } from './school-year';
import { erasureFixtures } from './erasure';

export const routeFixtures: Record<RouteName, RouteFixture> = {
  ...modulesFixtures,
  ...pathsFixtures,
  ...classesFixtures,
  ...rostersFixtures,
  ...progressFixtures,
  ...reportsFixtures,
  ...checksFixtures,
  ...notificationsFixtures,
  ...uploadsFixtures,
  ...peopleFixtures,
  ...auditFixtures,
  ...searchFixtures,
  ...dataExportFixtures,
  ...ltiFixtures,
  ...schoolSignInFixtures,
  ...schoolYearFixtures,
  ...erasureFixtures,
};

export { CALLERS, ROLE_OF, cancelOpenUpload, routeContext, type Caller, type RouteContext, type SignedInCaller } from './context';
