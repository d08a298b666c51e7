import { useQuery } from '@tanstack/react-query';
import type { Paginated } from '@ops/contract/common/pagination';
import type { RoutingRule, Team } from '@ops/contract/helpdesk/helpdesk-flow.schemas';
import { TEAM_ASSIGNMENTS, TICKET_PRIORITIES, TICKET_TYPES } from '@ops/contract/helpdesk/helpdesk.values';
import { identityEndpoints, routingRuleEndpoints, teamEndpoints } from '../../api/endpoint-routes';
import type { EndpointRoute } from '../../api/http-client';
import { routingRuleListFields, teamListFields } from '../../api/list-fields';
import { humaniseCode } from '../../shared/humanise';
import type { RelationSource } from '../../shared/ui/list-page/list-columns';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { useRelationLabels } from '../../shared/ui/list-page/relation-labels';
import { LazyRecordDetailPage } from '../records/LazyRecordDetailPage';
import { formSchemasOf, type RecordEntity } from '../records/record-entity';
import { RecordListPage } from '../records/RecordListPage';
import { call } from '../records/records.queries';
import { anyOr } from './match-labels';
import { costCentreSource, industrySource, legalEntitySource, userSource } from '../records/relation-sources';
import { LIST_PAGE_KEYS } from '../../shared/route-meta';

const teamSource: RelationSource = { endpoint: teamEndpoints.list, label: (item) => String(item.name ?? '') };
const crud = <E extends { remove: EndpointRoute }>(e: E) => ({ ...e, delete: e.remove });
const flowEndpoints = () => import('@ops/contract/helpdesk/helpdesk-flow.endpoints');

const ASSIGNMENT_HELP: Record<string, string> = {
  MANUAL: 'Tickets join the team; someone assigns them.',
  ROUND_ROBIN: 'Each new ticket goes to the next active member in turn (people only: never a superuser or a service account).',
  LEAST_OPEN: 'Each new ticket goes to the active member with the fewest open tickets (people only, as above).',
};

/** Names of the teams, for showing a rule's team (rules answer the team's id). */
function useTeamNames(): Map<string, string> {
  const teams = useQuery({
    queryKey: ['helpdesk-admin', 'team-names'],
    queryFn: ({ signal }) => call<Paginated<Team>>(teamEndpoints.list, { query: { limit: '1000', select: 'id,name' }, signal }),
    staleTime: 30_000,
  });
  return new Map((teams.data?.results ?? []).map((t) => [t.id, t.name]));
}

const memberSource: RelationSource = {
  endpoint: identityEndpoints.listUsers,
  label: (item) => String(item.full_name || item.email || ''),
};

/** A team's members by name (in name order); ids the caller may not read stay counted. */
export function TeamMembers({ ids }: { ids: string[] }) {
  const labels = useRelationLabels(memberSource, ids);
  if (!ids.length) return <>No members</>;
  if (labels.isPending) return <>…</>;
  const names = ids.map((id) => labels.data?.get(id)).filter((name): name is string => Boolean(name));
  names.sort((a, b) => a.localeCompare(b));
  const unnamed = ids.length - names.length;
  return <>{[...names, ...(unnamed ? [`${unnamed} other${unnamed === 1 ? '' : 's'}`] : [])].join(', ')}</>;
}

function TeamName({ id }: { id: string | null }) {
  const names = useTeamNames();
  return <>{id ? (names.get(id) ?? '…') : 'Any'}</>;
}

export const teamEntity: RecordEntity<Team> = {
  endpoints: crud(teamEndpoints),
  formSchemas: async () => formSchemasOf((await flowEndpoints()).teamEndpoints),
  entity: 'helpdesk-teams',
  noun: 'team',
  title: 'Help Desk Teams',
  section: 'System Administration · Help Desk',
  path: '/helpdesk-teams',
  pageKey: LIST_PAGE_KEYS['/helpdesk-teams'],
  columns: defineColumns<Team>(teamListFields, [
    { field: 'name', sortable: true, width: 240 },
    { field: 'assignment', sortable: true, width: 180 },
    {
      field: 'members',
      headerName: 'Members',
      kind: undefined,
      width: 120,
      value: (row) => String(row.members.length),
      render: (row) => `${row.members.length}`,
    },
    { field: 'updated_at', headerName: 'Updated', sortable: true, width: 180 },
  ]),
  fields: () => [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'assignment', label: 'Assignment', kind: 'enum', values: TEAM_ASSIGNMENTS, required: true },
    { name: 'members', label: 'Members', kind: 'relation', source: userSource, multiple: true, full: true },
  ],
  defaults: () => ({ assignment: 'MANUAL' }),
  empty: {
    title: 'No teams yet',
    description: 'Teams receive tickets by routing rules and share them out by their assignment method.',
  },
  subtitleOf: (row) => `${humaniseCode(row.assignment)} · ${row.members.length} member${row.members.length === 1 ? '' : 's'}`,
  details: (row) => [
    { label: 'Name', value: row.name },
    { label: 'Assignment', value: `${humaniseCode(row.assignment)}: ${ASSIGNMENT_HELP[row.assignment]}`, full: true },
    { label: `Members (${row.members.length})`, value: <TeamMembers ids={row.members} />, full: true },
  ],
  tabs: (_row, { details }) => [details],
};

const describeRule = (rule: RoutingRule) =>
  [
    rule.ticket_type ? humaniseCode(rule.ticket_type) : null,
    rule.priority ? `${humaniseCode(rule.priority)} priority` : null,
    rule.industry ? 'an industry' : null,
    rule.legal_entity ? 'a legal entity' : null,
    rule.cost_centre ? 'a site' : null,
  ]
    .filter(Boolean)
    .join(', ') || 'Every ticket';

export const routingRuleEntity: RecordEntity<RoutingRule> = {
  endpoints: crud(routingRuleEndpoints),
  formSchemas: async () => formSchemasOf((await flowEndpoints()).routingRuleEndpoints),
  entity: 'helpdesk-routing-rules',
  noun: 'routing rule',
  shortNoun: 'rule',
  title: 'Routing Rules',
  section: 'System Administration · Help Desk',
  path: '/helpdesk-routing-rules',
  pageKey: LIST_PAGE_KEYS['/helpdesk-routing-rules'],
  columns: defineColumns<RoutingRule>(routingRuleListFields, [
    { field: 'position', sortable: true, width: 100, link: true },
    { field: 'ticket_type', headerName: 'Type', sortable: true, value: (row) => anyOr(row.ticket_type) },
    { field: 'priority', sortable: true, value: (row) => anyOr(row.priority) },
    { field: 'industry', relation: industrySource, render: (row) => (row.industry ? 'Set' : 'Any') },
    { field: 'legal_entity', relation: legalEntitySource, render: (row) => (row.legal_entity ? 'Set' : 'Any') },
    { field: 'cost_centre', headerName: 'Site', relation: costCentreSource, render: (row) => (row.cost_centre ? 'Set' : 'Any') },
    { field: 'team', relation: teamSource, width: 200, render: (row) => <TeamName id={row.team} /> },
  ]),
  fields: () => [
    { name: 'position', label: 'Position (lower first)', kind: 'number', required: true },
    { name: 'team', label: 'Team', kind: 'relation', source: teamSource, required: true },
    { section: 'Matches (empty = any)' },
    { name: 'ticket_type', label: 'Ticket type', kind: 'enum', values: TICKET_TYPES, emptyLabel: 'Any' },
    { name: 'priority', label: 'Priority', kind: 'enum', values: TICKET_PRIORITIES, emptyLabel: 'Any' },
    { name: 'industry', label: 'Industry', kind: 'relation', source: industrySource },
    { name: 'legal_entity', label: 'Legal entity', kind: 'relation', source: legalEntitySource },
    { name: 'cost_centre', label: 'Site (cost centre)', kind: 'relation', source: costCentreSource },
  ],
  empty: {
    title: 'No routing rules yet',
    description: 'A new ticket joins the team of the first rule (by position) that matches it.',
  },
  titleOf: (row) => `Rule ${row.position}`,
  subtitleOf: (row) => describeRule(row),
  details: (row) => [
    { label: 'Position', value: String(row.position) },
    { label: 'Team', value: <TeamName id={row.team} /> },
    { label: 'Matches', value: describeRule(row), full: true },
  ],
  tabs: (_row, { details }) => [details],
};

export const TeamListPage = () => <RecordListPage config={teamEntity} />;
export const TeamDetailPage = () => <LazyRecordDetailPage config={teamEntity} />;
export const RoutingRuleListPage = () => <RecordListPage config={routingRuleEntity} />;
export const RoutingRuleDetailPage = () => <LazyRecordDetailPage config={routingRuleEntity} />;
