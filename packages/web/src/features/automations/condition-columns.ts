import { identityEndpoints, teamEndpoints } from '../../api/endpoint-routes';
import {
  brandListFields,
  clientListFields,
  contactPersonListFields,
  costCentreListFields,
  siteCheckRunListFields,
  ticketListItemListFields,
  type ListFields,
} from '../../api/list-fields';
import { defineColumns, type ListColumn, type RelationSource } from '../../shared/ui/list-page/list-columns';

// The fields a rule's conditions filter on, as the list filter builder's columns: the same list
// fields (and so the same filter kinds and values) as the model's list page.

type Row = Record<string, unknown>;

const users: RelationSource = { endpoint: identityEndpoints.listUsers, label: (user) => String(user.full_name || user.email) };
const teams: RelationSource = { endpoint: teamEndpoints.list, label: (team) => String(team.name ?? '') };

const ticketColumns = defineColumns<Row>(ticketListItemListFields, [
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

/** Every field of the list that filters by itself (record fields need a source to pick from, so they are left out). */
const plainColumns = (fields: ListFields) =>
  defineColumns<Row>(
    fields,
    Object.entries(fields)
      .filter(([field, meta]) => field !== 'id' && meta.type !== 'record' && meta.type !== 'records')
      .map(([field]) => field),
  ).filter((column) => column.kind !== undefined);

const BY_MODEL: Record<string, () => ListColumn<Row>[]> = {
  ticket: () => ticketColumns,
  client: () => plainColumns(clientListFields),
  cost_centre: () => plainColumns(costCentreListFields),
  contact_person: () => plainColumns(contactPersonListFields),
  brand: () => plainColumns(brandListFields),
  sitecheck_run: () => plainColumns(siteCheckRunListFields),
};

/** The condition columns of a subject model (none for a model the builder does not know). */
export function conditionColumns(model: string): ListColumn<Row>[] {
  return Object.hasOwn(BY_MODEL, model) ? BY_MODEL[model]!() : [];
}
