import { TICKET_PRIORITIES, TICKET_TYPES } from '@ops/contract/helpdesk/helpdesk.schemas';
import { routingRuleSchema, slaPolicySchema, TEAM_ASSIGNMENTS, teamSchema } from '@ops/contract/helpdesk/helpdesk-flow.schemas';
import { helpdeskTeams, routingRules, slaPolicies } from '../../db/schema/helpdesk-flow';
import { defineListResource, type ListResource } from '../../list-query/list-resource';
import { costCentresResource, industriesResource, legalEntitiesResource } from '../records/index';

export const teamsResource: ListResource = defineListResource({
  name: 'teams',
  table: helpdeskTeams,
  id: helpdeskTeams.id,
  model: 'team',
  fields: {
    id: { kind: 'uuid', column: helpdeskTeams.id, order: true },
    name: { kind: 'text', column: helpdeskTeams.name, order: true },
    assignment: { kind: 'enum', column: helpdeskTeams.assignment, enumValues: TEAM_ASSIGNMENTS, order: true },
    created_at: { kind: 'datetime', column: helpdeskTeams.createdAt, order: true },
    updated_at: { kind: 'datetime', column: helpdeskTeams.updatedAt, order: true },
  },
  search: ['name'],
  defaultOrdering: ['name'],
  itemSchema: teamSchema,
});

export const routingRulesResource: ListResource = defineListResource({
  name: 'routing-rules',
  table: routingRules,
  id: routingRules.id,
  model: 'routingrule',
  fields: {
    id: { kind: 'uuid', column: routingRules.id, order: true },
    position: { kind: 'number', column: routingRules.position, order: true },
    ticket_type: { kind: 'enum', column: routingRules.ticketType, enumValues: TICKET_TYPES, order: true },
    priority: { kind: 'enum', column: routingRules.priority, enumValues: TICKET_PRIORITIES, order: true },
    industry: { kind: 'uuid', column: routingRules.industryId, relation: () => industriesResource },
    legal_entity: { kind: 'uuid', column: routingRules.legalEntityId, relation: () => legalEntitiesResource },
    cost_centre: { kind: 'uuid', column: routingRules.costCentreId, relation: () => costCentresResource },
    team: { kind: 'uuid', column: routingRules.teamId, relation: () => teamsResource },
    created_at: { kind: 'datetime', column: routingRules.createdAt, order: true },
    updated_at: { kind: 'datetime', column: routingRules.updatedAt, order: true },
  },
  search: ['team__name'],
  defaultOrdering: ['position'],
  itemSchema: routingRuleSchema,
});

export const slaPoliciesResource: ListResource = defineListResource({
  name: 'sla-policies',
  table: slaPolicies,
  id: slaPolicies.id,
  model: 'slapolicy',
  fields: {
    id: { kind: 'uuid', column: slaPolicies.id, order: true },
    name: { kind: 'text', column: slaPolicies.name, order: true },
    position: { kind: 'number', column: slaPolicies.position, order: true },
    ticket_type: { kind: 'enum', column: slaPolicies.ticketType, enumValues: TICKET_TYPES, order: true },
    priority: { kind: 'enum', column: slaPolicies.priority, enumValues: TICKET_PRIORITIES, order: true },
    industry: { kind: 'uuid', column: slaPolicies.industryId, relation: () => industriesResource },
    first_response_minutes: { kind: 'number', column: slaPolicies.firstResponseMinutes, order: true },
    resolution_minutes: { kind: 'number', column: slaPolicies.resolutionMinutes, order: true },
    created_at: { kind: 'datetime', column: slaPolicies.createdAt, order: true },
    updated_at: { kind: 'datetime', column: slaPolicies.updatedAt, order: true },
  },
  search: ['name'],
  defaultOrdering: ['position'],
  itemSchema: slaPolicySchema,
});
