import { queryOptions } from '@tanstack/react-query';
import { ruleEndpoints, runEndpoints, webhookEndpoints } from '../../api/endpoint-routes';
import { callEndpoint, type DefinitionOf, type EndpointResult } from '../../api/http-client';

/** Automations' data (spec platform §14.3), keyed under `['automations', ...]`. */
export const automationKeys = {
  all: ['automations'] as const,
  rules: () => [...automationKeys.all, 'rules'] as const,
  rule: (id: string) => [...automationKeys.all, 'rule', id] as const,
  versions: (id: string) => [...automationKeys.all, 'versions', id] as const,
  runs: (ruleIds: string[]) => [...automationKeys.all, 'runs', ...ruleIds] as const,
  webhooks: () => [...automationKeys.all, 'webhooks'] as const,
  deliveries: (id: string) => [...automationKeys.all, 'deliveries', id] as const,
};

export type Rule = EndpointResult<DefinitionOf<typeof ruleEndpoints.get>>;
export type RuleVersion = EndpointResult<DefinitionOf<typeof ruleEndpoints.versions>>[number];
export type Run = EndpointResult<DefinitionOf<typeof runEndpoints.list>>['results'][number];
export type DryRun = EndpointResult<DefinitionOf<typeof ruleEndpoints.dryRun>>;
export type Webhook = EndpointResult<DefinitionOf<typeof webhookEndpoints.get>>;
export type Delivery = EndpointResult<DefinitionOf<typeof webhookEndpoints.deliveries>>['results'][number];

export const rulesQuery = () =>
  queryOptions({
    queryKey: automationKeys.rules(),
    queryFn: ({ signal }) => callEndpoint(ruleEndpoints.list, { query: { limit: '500', ordering: 'name' }, signal }),
  });

export const ruleQuery = (id: string) =>
  queryOptions({ queryKey: automationKeys.rule(id), queryFn: ({ signal }) => callEndpoint(ruleEndpoints.get, { params: { id }, signal }) });

export const versionsQuery = (id: string) =>
  queryOptions({ queryKey: automationKeys.versions(id), queryFn: ({ signal }) => callEndpoint(ruleEndpoints.versions, { params: { id }, signal }) });

/** The newest runs of the given rules, newest first: one request, whatever the number of rules. */
export const runsQuery = (ruleIds: string[], limit = 100) =>
  queryOptions({
    queryKey: [...automationKeys.runs(ruleIds), limit],
    queryFn: ({ signal }) =>
      callEndpoint(runEndpoints.list, { query: { filters: JSON.stringify({ rule__in: ruleIds }), ordering: '-at', limit: String(limit) }, signal }),
    enabled: ruleIds.length > 0,
  });

export const webhooksQuery = () =>
  queryOptions({
    queryKey: automationKeys.webhooks(),
    queryFn: ({ signal }) => callEndpoint(webhookEndpoints.list, { query: { limit: '500', ordering: 'name' }, signal }),
  });

export const deliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: automationKeys.deliveries(id),
    queryFn: ({ signal }) => callEndpoint(webhookEndpoints.deliveries, { params: { id }, query: { limit: '50' }, signal }),
  });
