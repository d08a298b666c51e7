import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { listQuerySchema } from '../common/list-query';
import { paginated } from '../common/pagination';
import { uuid } from '../common/fields';
import {
  deliverySchema,
  dryRunInputSchema,
  dryRunSchema,
  ruleInputSchema,
  rulePatchSchema,
  ruleSchema,
  ruleVersionSchema,
  runSchema,
  savedDryRunInputSchema,
  webhookInputSchema,
  webhookPatchSchema,
  webhookSchema,
} from './automations.schemas';

/** Automations and webhooks endpoints (spec platform §14.3). */

const tags = ['automations'];
const base = '/api/automations';
const idParams = z.object({ id: uuid() });
const rules = (action: 'read' | 'add' | 'change' | 'delete') => ({ kind: 'permission', model: 'automationrule', action }) as const;
const hooks = (action: 'read' | 'add' | 'change' | 'delete') => ({ kind: 'permission', model: 'webhook', action }) as const;

export const ruleEndpoints = {
  list: endpoint({ method: 'GET', path: `${base}/rules/`, summary: 'Automation rules', tags, access: rules('read'), query: listQuerySchema, responses: { 200: paginated(ruleSchema) } }),
  create: endpoint({ method: 'POST', path: `${base}/rules/`, summary: 'Create a rule (its version 1); an invalid rule is a 400 naming the field', tags, access: rules('add'), body: ruleInputSchema, responses: { 201: ruleSchema } }),
  dryRun: endpoint({
    method: 'POST',
    path: `${base}/rules/dry-run/`,
    // `automations_rules_dry_run_create` names the dry run of a saved rule (`/{id}/dry-run/`).
    operationId: 'automations_rules_dry_run_unsaved_create',
    summary: 'What an unsaved rule would have done since `since`: nothing changes, nothing is sent',
    tags,
    access: rules('add'),
    body: dryRunInputSchema,
    responses: { 200: dryRunSchema },
  }),
  get: endpoint({ versioned: true, method: 'GET', path: `${base}/rules/{id}/`, summary: 'One rule', tags, access: rules('read'), params: idParams, responses: { 200: ruleSchema } }),
  put: endpoint({ versioned: true, method: 'PUT', path: `${base}/rules/{id}/`, summary: 'Replace a rule (a new version)', tags, access: rules('change'), params: idParams, body: ruleInputSchema, responses: { 200: ruleSchema } }),
  patch: endpoint({ versioned: true, method: 'PATCH', path: `${base}/rules/{id}/`, summary: 'Change a rule (a new version)', tags, access: rules('change'), params: idParams, body: rulePatchSchema, responses: { 200: ruleSchema } }),
  remove: endpoint({ versioned: true, method: 'DELETE', path: `${base}/rules/{id}/`, summary: 'Delete a rule with its versions and runs', tags, access: rules('delete'), params: idParams, responses: { 204: null } }),
  savedDryRun: endpoint({
    method: 'POST',
    path: `${base}/rules/{id}/dry-run/`,
    summary: 'What a saved rule would have done since `since`: nothing changes, nothing is sent',
    tags,
    access: rules('read'),
    params: idParams,
    body: savedDryRunInputSchema,
    responses: { 200: dryRunSchema },
  }),
  versions: endpoint({ method: 'GET', path: `${base}/rules/{id}/versions/`, summary: "A rule's versions, newest first", tags, access: rules('read'), params: idParams, responses: { 200: z.array(ruleVersionSchema) } }),
  restore: endpoint({
    // If-Match against the rule's tag: a restore chosen while looking at an older rule is a 412.
    versioned: { detail: `${base}/rules/{id}/` },
    method: 'POST',
    path: `${base}/rules/{id}/versions/{version}/restore/`,
    summary: 'Restore a version: the rule as it was becomes a new version',
    tags,
    access: rules('change'),
    params: z.object({ id: uuid(), version: z.coerce.number().int().min(1).max(2_147_483_647) }),
    responses: { 200: ruleSchema },
  }),
};

export const runEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${base}/runs/`,
    summary: 'The run log (filters `rule`, `outcome`, `event`), newest first',
    tags,
    access: rules('read'),
    query: listQuerySchema,
    responses: { 200: paginated(runSchema) },
  }),
};

export const webhookEndpoints = {
  list: endpoint({ method: 'GET', path: `${base}/webhooks/`, summary: 'Webhooks (secrets masked)', tags, access: hooks('read'), query: listQuerySchema, responses: { 200: paginated(webhookSchema) } }),
  create: endpoint({ method: 'POST', path: `${base}/webhooks/`, summary: 'Create a webhook: its secret is shown in this answer only', tags, access: hooks('add'), body: webhookInputSchema, responses: { 201: webhookSchema } }),
  get: endpoint({ method: 'GET', path: `${base}/webhooks/{id}/`, summary: 'One webhook (secret masked)', tags, access: hooks('read'), params: idParams, responses: { 200: webhookSchema } }),
  put: endpoint({ method: 'PUT', path: `${base}/webhooks/{id}/`, summary: 'Replace a webhook', tags, access: hooks('change'), params: idParams, body: webhookInputSchema, responses: { 200: webhookSchema } }),
  patch: endpoint({ method: 'PATCH', path: `${base}/webhooks/{id}/`, summary: 'Change a webhook', tags, access: hooks('change'), params: idParams, body: webhookPatchSchema, responses: { 200: webhookSchema } }),
  remove: endpoint({ method: 'DELETE', path: `${base}/webhooks/{id}/`, summary: 'Delete a webhook with its deliveries', tags, access: hooks('delete'), params: idParams, responses: { 204: null } }),
  deliveries: endpoint({
    method: 'GET',
    path: `${base}/webhooks/{id}/deliveries/`,
    summary: "A webhook's deliveries, newest first",
    tags,
    access: hooks('read'),
    params: idParams,
    query: listQuerySchema,
    responses: { 200: paginated(deliverySchema) },
  }),
  redeliver: endpoint({
    method: 'POST',
    path: `${base}/webhooks/{id}/deliveries/{delivery}/redeliver/`,
    summary: 'Send a delivery again (a new delivery of the same message)',
    tags,
    access: hooks('change'),
    params: z.object({ id: uuid(), delivery: uuid() }),
    responses: { 202: deliverySchema },
  }),
};
