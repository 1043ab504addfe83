import { auditQuerySchema } from '@shared/contract/audit';
import { buildAuditQueries } from '../../composition/audit-queries';
import type { AuditQueries } from '../audit';
import { adminHandler } from '../../composition/api-handler';
import { ok, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (audit: AuditQueries, secondFactor: SecondFactorCheck) =>
  adminHandler('listAuditTrail', secondFactor, async (request) => {
    // Empty parameters (an untouched filter) mean "any".
    const query = Object.fromEntries(Object.entries(request.query).filter(([, value]) => value !== undefined && value !== ''));
    return ok(await audit.page(validate(auditQuerySchema, query)));
  });

export const handler = makeHandler(buildAuditQueries(), secondFactorCheck());
