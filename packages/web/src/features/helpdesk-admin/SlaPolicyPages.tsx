import type { SlaPolicy } from '@ops/contract/helpdesk/helpdesk-flow.schemas';
import { TICKET_PRIORITIES, TICKET_TYPES, WEEKDAY_KEYS } from '@ops/contract/helpdesk/helpdesk.values';
import { slaPolicyEndpoints } from '../../api/endpoint-routes';
import type { EndpointRoute } from '../../api/http-client';
import { slaPolicyListFields } from '../../api/list-fields';
import { humaniseCode } from '../../shared/humanise';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { LazyRecordDetailPage } from '../records/LazyRecordDetailPage';
import { formSchemasOf, type RecordEntity } from '../records/record-entity';
import { RecordListPage } from '../records/RecordListPage';
import { industrySource } from '../records/relation-sources';
import { anyOr } from './match-labels';
import { BusinessHoursInput, formatIntervals, HolidaysInput, WEEKDAY_NAMES } from './sla-policy-inputs';
import { LIST_PAGE_KEYS } from '../../shared/route-meta';

const crud = <E extends { remove: EndpointRoute }>(e: E) => ({ ...e, delete: e.remove });
const flowEndpoints = () => import('@ops/contract/helpdesk/helpdesk-flow.endpoints');

/** Business minutes as people say them: `30 min`, `4 h`, `27 h 30 min`. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

const describeMatch = (policy: SlaPolicy) =>
  [
    policy.ticket_type ? humaniseCode(policy.ticket_type) : null,
    policy.priority ? `${humaniseCode(policy.priority)} priority` : null,
    policy.industry ? 'an industry' : null,
  ]
    .filter(Boolean)
    .join(', ') || 'Every ticket';

/** `Mon–Fri 09:00-17:00; Sat 10:00-14:00` style lines, one per day with hours. */
const hoursLines = (policy: SlaPolicy) =>
  WEEKDAY_KEYS.filter((day) => (policy.business_hours.days[day] ?? []).length).map(
    (day) => `${WEEKDAY_NAMES[day]}: ${formatIntervals(policy.business_hours.days[day] as [string, string][])}`,
  );

export const slaPolicyEntity: RecordEntity<SlaPolicy> = {
  endpoints: crud(slaPolicyEndpoints),
  formSchemas: async () => formSchemasOf((await flowEndpoints()).slaPolicyEndpoints),
  entity: 'helpdesk-sla-policies',
  noun: 'SLA policy',
  shortNoun: 'policy',
  title: 'SLA Policies',
  section: 'System Administration · Help Desk',
  path: '/helpdesk-sla-policies',
  pageKey: LIST_PAGE_KEYS['/helpdesk-sla-policies'],
  columns: defineColumns<SlaPolicy>(slaPolicyListFields, [
    { field: 'name', sortable: true, width: 240, link: true },
    { field: 'position', sortable: true, width: 100 },
    { field: 'ticket_type', headerName: 'Type', sortable: true, value: (row) => anyOr(row.ticket_type) },
    { field: 'priority', sortable: true, value: (row) => anyOr(row.priority) },
    { field: 'industry', relation: industrySource, render: (row) => (row.industry ? 'Set' : 'Any') },
    { field: 'first_response_minutes', headerName: 'First response', sortable: true, width: 150, render: (row) => durationText(row.first_response_minutes) },
    { field: 'resolution_minutes', headerName: 'Resolution', sortable: true, width: 150, render: (row) => durationText(row.resolution_minutes) },
    { field: 'updated_at', headerName: 'Updated', sortable: true, width: 180 },
  ]),
  fields: () => [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'position', label: 'Position (lower first)', kind: 'number', required: true },
    { name: 'first_response_minutes', label: 'First response (business minutes)', kind: 'number', required: true },
    { name: 'resolution_minutes', label: 'Resolution (business minutes)', kind: 'number', required: true },
    { section: 'Matches (empty = any)' },
    { name: 'ticket_type', label: 'Ticket type', kind: 'enum', values: TICKET_TYPES, emptyLabel: 'Any' },
    { name: 'priority', label: 'Priority', kind: 'enum', values: TICKET_PRIORITIES, emptyLabel: 'Any' },
    { name: 'industry', label: 'Industry', kind: 'relation', source: industrySource },
    { section: 'Business hours' },
    { name: 'business_hours', label: 'Working hours', kind: 'custom', required: true, full: true, input: BusinessHoursInput },
    { name: 'holidays', label: 'Holidays', kind: 'custom', full: true, input: HolidaysInput },
  ],
  defaults: () => ({
    position: 100,
    business_hours: { timezone: 'Australia/Sydney', days: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, [['09:00', '17:00']]])) },
    holidays: [],
  }),
  empty: {
    title: 'No SLA policies yet',
    description: 'A new ticket is timed by the first policy (by position) that matches it; without one it has no SLA.',
  },
  subtitleOf: (row) => `${describeMatch(row)} · first response ${durationText(row.first_response_minutes)} · resolution ${durationText(row.resolution_minutes)}`,
  details: (row, context) => [
    { label: 'Name', value: row.name },
    { label: 'Position', value: String(row.position) },
    { label: 'Matches', value: describeMatch(row), full: true },
    { label: 'First response', value: `${durationText(row.first_response_minutes)} of business time` },
    { label: 'Resolution', value: `${durationText(row.resolution_minutes)} of business time` },
    { label: `Business hours (${row.business_hours.timezone})`, value: hoursLines(row).join('; '), full: true },
    { label: 'Holidays', value: row.holidays.length ? row.holidays.join(', ') : 'None', full: true },
    ...context.audit(row),
  ],
  tabs: (_row, { details }) => [details],
};

export const SlaPolicyListPage = () => <RecordListPage config={slaPolicyEntity} />;
export const SlaPolicyDetailPage = () => <LazyRecordDetailPage config={slaPolicyEntity} />;
