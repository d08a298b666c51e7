import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { listQuerySchema } from '../common/list-query';
import { paginated } from '../common/pagination';
import { uuid } from '../common/fields';
import {
  routingRuleInputSchema,
  routingRulePatchSchema,
  routingRuleSchema,
  slaPolicyInputSchema,
  slaPolicyPatchSchema,
  slaPolicySchema,
  teamInputSchema,
  teamPatchSchema,
  teamSchema,
} from './helpdesk-flow.schemas';

const tags = ['helpdesk'];
const idParams = z.object({ id: uuid() });
type Action = 'read' | 'add' | 'change' | 'delete';

/** The six calls of a plain resource (list, create, detail, replace, change, delete) guarded by `model`'s permissions. */
function crud<I extends z.ZodType, P extends z.ZodType, S extends z.ZodType>(
  base: string,
  model: string,
  what: string,
  schemas: { item: S; input: I; patch: P },
) {
  const access = (action: Action) => ({ kind: 'permission', model, action }) as const;
  return {
    list: endpoint({
      method: 'GET',
      path: `${base}/`,
      summary: `${what}s`,
      tags,
      access: access('read'),
      query: listQuerySchema,
      responses: { 200: paginated(schemas.item) },
    }),
    create: endpoint({
      method: 'POST',
      path: `${base}/`,
      summary: `Create a ${what.toLowerCase()}`,
      tags,
      access: access('add'),
      body: schemas.input,
      responses: { 201: schemas.item },
    }),
    get: endpoint({
      method: 'GET',
      path: `${base}/{id}/`,
      summary: `One ${what.toLowerCase()}`,
      tags,
      access: access('read'),
      params: idParams,
      responses: { 200: schemas.item },
    }),
    put: endpoint({
      method: 'PUT',
      path: `${base}/{id}/`,
      summary: `Replace a ${what.toLowerCase()}`,
      tags,
      access: access('change'),
      params: idParams,
      body: schemas.input,
      responses: { 200: schemas.item },
    }),
    patch: endpoint({
      method: 'PATCH',
      path: `${base}/{id}/`,
      summary: `Change a ${what.toLowerCase()}`,
      tags,
      access: access('change'),
      params: idParams,
      body: schemas.patch,
      responses: { 200: schemas.item },
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/{id}/`,
      summary: `Delete a ${what.toLowerCase()}`,
      tags,
      access: access('delete'),
      params: idParams,
      responses: { 204: null },
    }),
  };
}

export const teamEndpoints = crud('/api/helpdesk/teams', 'team', 'Help desk team', {
  item: teamSchema,
  input: teamInputSchema,
  patch: teamPatchSchema,
});
export const routingRuleEndpoints = crud('/api/helpdesk/routing-rules', 'routingrule', 'Routing rule', {
  item: routingRuleSchema,
  input: routingRuleInputSchema,
  patch: routingRulePatchSchema,
});
export const slaPolicyEndpoints = crud('/api/helpdesk/sla-policies', 'slapolicy', 'SLA policy', {
  item: slaPolicySchema,
  input: slaPolicyInputSchema,
  patch: slaPolicyPatchSchema,
});
