import { identityEndpoints, teamEndpoints } from '../../api/endpoint-routes';
import type { ListFields } from '../../api/list-fields';
import { TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from '@ops/contract/helpdesk/helpdesk.values';
import { defineColumns, type ListColumn, type RelationSource } from '../../shared/ui/list-page/list-columns';

// The fields a rule's conditions filter on, as the list filter builder's columns (the list engine's
// own field names and kinds, so the server compiles them as it does a list's filters). They are
// written here from the contract's plain values rather than taken from `api/list-fields.ts`: a page
// importing those field lists shares their chunk with every list page, which then loads them all
// (bundle budget, docs/architecture.md).

type Row = Record<string, unknown>;

const users: RelationSource = { endpoint: identityEndpoints.listUsers, label: (user) => String(user.full_name || user.email) };
const teams: RelationSource = { endpoint: teamEndpoints.list, label: (team) => String(team.name ?? '') };

const text = { type: 'text' } as const;
const number = { type: 'number' } as const;
const enumOf = (values: readonly string[]) => ({ type: 'enum', values }) as const;
/** The SLA states of a ticket (helpdesk-flow.schemas.ts: a schema module, not loaded in the browser). */
const SLA_STATUSES = ['NONE', 'ON_TRACK', 'AT_RISK', 'PAUSED', 'BREACHED', 'MET'] as const;

const TICKET_FIELDS = {
  priority: enumOf(TICKET_PRIORITIES),
  ticket_type: enumOf(TICKET_TYPES),
  ticket_status: enumOf(TICKET_STATUSES),
  title: text,
  number,
  team: { type: 'record' },
  assignee: { type: 'record' },
  requester: { type: 'record' },
  sla_status: enumOf(SLA_STATUSES),
  created_at: text,
} as const satisfies ListFields;

const ticketColumns = defineColumns<Row>(TICKET_FIELDS, [
  { field: 'priority', headerName: 'Priority' },
  { field: 'ticket_type', headerName: 'Type' },
  { field: 'ticket_status', headerName: 'Status' },
  { field: 'title', headerName: 'Title' },
  { field: 'number', headerName: 'Number' },
  { field: 'team', headerName: 'Team', relation: teams },
  { field: 'assignee', headerName: 'Assignee', relation: users },
  { field: 'requester', headerName: 'Requester', relation: users },
  { field: 'sla_status', headerName: 'SLA status' },
  { field: 'created_at', headerName: 'Created' },
]);

const RECORD_FIELDS: Record<string, ListFields> = {
  client: { name: text, account_number: text, created_at: text },
  cost_centre: { name: text, code: text, email: text, created_at: text },
  contact_person: { full_name: text, first_name: text, last_name: text, created_at: text },
  brand: { name: text, description: text, created_at: text },
  sitecheck_run: { status: enumOf(['DUE', 'IN_PROGRESS', 'DONE', 'FAILED', 'MISSED']), due_at: text },
};

/** The condition columns of a subject model (none for a model the builder does not know). */
export function conditionColumns(model: string): ListColumn<Row>[] {
  if (model === 'ticket') return ticketColumns;
  if (!Object.hasOwn(RECORD_FIELDS, model)) return [];
  const fields = RECORD_FIELDS[model]!;
  return defineColumns<Row>(fields, Object.keys(fields));
}
