import { buildDataExport } from '../../composition/data-export';
import type { DataExportService } from '../data-export';
import { adminHandler } from '../../composition/api-handler';
import { ok, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

// Everyone may export their own data; an admin doing so passes the second-factor check as on every route they call.
export const makeHandler = (exports: DataExportService, secondFactor: SecondFactorCheck) =>
  adminHandler('exportOwnData', secondFactor, async (_request, caller) => ok(await exports.exportOwnData(caller)));

export const handler = makeHandler(buildDataExport(), secondFactorCheck());
