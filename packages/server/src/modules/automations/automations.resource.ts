import { sql } from 'drizzle-orm';
import { AUTOMATION_EVENTS, deliverySchema, RUN_OUTCOMES, ruleSchema, runSchema, webhookSchema } from '@ops/contract/automations/automations.schemas';
import { automationRules, automationRuns, webhookDeliveries, webhooks } from '../../db/schema/automations';
import { defineListResource } from '../../list-query/list-resource';

export const rulesResource = defineListResource({
  name: 'automation-rules',
  table: automationRules,
  id: automationRules.id,
  model: 'automationrule',
  fields: {
    id: { kind: 'uuid', column: automationRules.id, order: true },
    name: { kind: 'text', column: automationRules.name, order: true },
    active: { kind: 'boolean', column: automationRules.active, order: true },
    trigger__event: { kind: 'enum', column: automationRules.event, enumValues: AUTOMATION_EVENTS, order: true },
    version: { kind: 'number', column: automationRules.version, order: true },
    updated_at: { kind: 'datetime', column: automationRules.updatedAt, order: true },
  },
  search: ['name'],
  defaultOrdering: ['name'],
  itemSchema: ruleSchema,
});

export const runsResource = defineListResource({
  name: 'automation-runs',
  table: automationRuns,
  id: automationRuns.id,
  fields: {
    id: { kind: 'uuid', column: automationRuns.id, order: true },
    rule: { kind: 'uuid', column: automationRuns.ruleId, relation: () => rulesResource },
    outcome: { kind: 'enum', column: automationRuns.outcome, enumValues: RUN_OUTCOMES, order: true },
    event: { kind: 'enum', column: automationRuns.event, enumValues: AUTOMATION_EVENTS, order: true },
    at: { kind: 'datetime', column: automationRuns.at, order: true },
  },
  search: [],
  defaultOrdering: ['-at'],
  itemSchema: runSchema,
});

export const webhooksResource = defineListResource({
  name: 'automation-webhooks',
  table: webhooks,
  id: webhooks.id,
  model: 'webhook',
  fields: {
    id: { kind: 'uuid', column: webhooks.id, order: true },
    name: { kind: 'text', column: webhooks.name, order: true },
    url: { kind: 'text', column: webhooks.url, order: true },
    active: { kind: 'boolean', column: webhooks.active, order: true },
    // Every listed secret reads `whsec_****`: ordering by it is by that constant, so it reveals nothing.
    secret: { kind: 'text', column: sql`('whsec_****'::text)`, order: true },
  },
  search: ['name', 'url'],
  defaultOrdering: ['name'],
  itemSchema: webhookSchema,
});

export const deliveriesResource = defineListResource({
  name: 'automation-webhook-deliveries',
  table: webhookDeliveries,
  id: webhookDeliveries.id,
  fields: {
    id: { kind: 'uuid', column: webhookDeliveries.id, order: true },
    event: { kind: 'enum', column: webhookDeliveries.event, enumValues: AUTOMATION_EVENTS, order: true },
    attempt: { kind: 'number', column: webhookDeliveries.attempt, order: true },
    at: { kind: 'datetime', column: webhookDeliveries.firstAt, order: true },
    status_code: { kind: 'number', column: webhookDeliveries.statusCode, order: true },
  },
  search: [],
  defaultOrdering: ['-at'],
  itemSchema: deliverySchema,
});
