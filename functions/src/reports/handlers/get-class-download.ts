import { buildClassDownload } from '../../composition/reports';
import type { ClassDownloadService } from '../class-download';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (classDownload: ClassDownloadService, secondFactor: SecondFactorCheck) =>
  adminHandler('getClassDownload', secondFactor, async (request, caller) => ok(await classDownload(caller, pathId(request, 'classId'))));

export const handler = makeHandler(buildClassDownload(), secondFactorCheck());
