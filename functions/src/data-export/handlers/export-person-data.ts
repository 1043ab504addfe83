import { buildDataExport } from '../../composition/data-export';
import type { DataExportService } from '../data-export';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (exports: DataExportService, secondFactor: SecondFactorCheck) =>
  adminHandler('exportPersonData', secondFactor, async (request, caller) => ok(await exports.exportPersonData(caller, pathId(request, 'userId'))));

export const handler = makeHandler(buildDataExport(), secondFactorCheck());
