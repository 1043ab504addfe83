import { importOneRosterSchema } from '@shared/contract/rosters';
import { buildOneRosterImport } from '../../composition/oneroster-import';
import type { OneRosterImport } from '../oneroster-import';
import { adminHandler } from '../../composition/api-handler';
import { ok, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (oneRoster: OneRosterImport, secondFactor: SecondFactorCheck) =>
  adminHandler('importOneRoster', secondFactor, async (request, caller) => {
    const { contentUrl, mode, importAdministrators = false } = validate(importOneRosterSchema, request.body);
    return ok(await oneRoster.importUploaded(caller, { contentUrl, mode, importAdministrators }));
  });

export const handler = makeHandler(buildOneRosterImport(), secondFactorCheck());
