import { securityEventSchema, SECURITY_EVENT_KINDS, type SecurityEvent } from '@ops/contract/identity/identity.schemas';
import { securityEvents } from '../../db/schema/identity';
import { defineListResource, type ListResource } from '../../list-query/list-resource';
import type { SecurityEventRow } from './identity.repository';

export const securityEventsResource: ListResource = defineListResource({
  name: 'security-events',
  table: securityEvents,
  id: securityEvents.id,
  fields: {
    id: { kind: 'uuid', column: securityEvents.id },
    at: { kind: 'datetime', column: securityEvents.at, order: true },
    kind: { kind: 'enum', column: securityEvents.kind, enumValues: SECURITY_EVENT_KINDS, order: true },
    email: { kind: 'text', column: securityEvents.email, order: true },
    user: { kind: 'uuid', column: securityEvents.userId },
    actor: { kind: 'text', column: securityEvents.actor },
    address: { kind: 'text', column: securityEvents.address, order: true },
    user_agent: { kind: 'text', column: securityEvents.userAgent },
  },
  search: ['email', 'address', 'user_agent'],
  defaultOrdering: ['-at'],
  itemSchema: securityEventSchema,
});

export function serializeSecurityEvent(row: SecurityEventRow): SecurityEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind as SecurityEvent['kind'],
    email: row.email,
    user: row.userId,
    actor: row.actor,
    address: row.address,
    user_agent: row.userAgent,
    detail: (row.detail ?? {}) as Record<string, unknown>,
  };
}
