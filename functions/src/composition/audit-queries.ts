// Builds the audit trail's reads over the table alone.
import { makeAuditQueries } from '../audit/audit';
import { auditLog } from './table-stores';

export const buildAuditQueries = () => makeAuditQueries({ audit: auditLog() });
