import { identityEndpoints } from '../../api/endpoint-routes';
import { TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from '@ops/contract/helpdesk/helpdesk.values';
import type { RelationSource } from '../../shared/ui/list-page/list-columns';
import { bulkFieldsOf, type InputFieldSpec } from '../records/bulk-change';

const users: RelationSource = { endpoint: identityEndpoints.listUsers, label: (user) => String(user.full_name || user.email) };

/** What a bulk change of tickets may set; the assignee only for users who may look people up. */
export function ticketBulkFields(canPickUsers: boolean): InputFieldSpec[] {
  return bulkFieldsOf('tickets', [
    { name: 'ticket_status', label: 'Status', kind: 'enum', values: TICKET_STATUSES },
    { name: 'priority', label: 'Priority', kind: 'enum', values: TICKET_PRIORITIES },
    ...(canPickUsers ? [{ name: 'assignee', label: 'Assignee', kind: 'relation' as const, source: users }] : []),
    { name: 'ticket_type', label: 'Type', kind: 'enum', values: TICKET_TYPES },
  ]);
}
