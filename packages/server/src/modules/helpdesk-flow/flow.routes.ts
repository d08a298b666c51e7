import type { FastifyInstance } from 'fastify';
import {
  routingRuleEndpoints as rules,
  slaPolicyEndpoints as policies,
  teamEndpoints as teams,
} from '@ops/contract/helpdesk/helpdesk-flow.endpoints';
import { route } from '../../platform/route';
import { listPage } from '../../list-query/list-endpoint';
import { listRequestOf } from '../../list-query/list-request';
import type { DbOrTx } from '../../platform/db';
import type { FlowService } from './flow.service';
import { routingRulesResource, slaPoliciesResource, teamsResource } from './flow.resources';

export interface FlowRoutesOptions {
  db: DbOrTx;
  flow: FlowService;
}

/** helpdesk/teams/, helpdesk/routing-rules/, helpdesk/sla-policies/ (spec platform §13.1): plain CRUD on the list helper. */
export async function helpdeskFlowRoutes(app: FastifyInstance, options: FlowRoutesOptions) {
  const { db, flow } = options;

  route(app, teams.list, async ({ request, query }) =>
    listPage(db, await listRequestOf(request, query), { resource: teamsResource, hydrate: flow.teams }),
  );
  route(app, teams.create, ({ body }) => flow.createTeam(body));
  route(app, teams.get, ({ params }) => flow.getTeam(params.id));
  route(app, teams.put, ({ params, body }) => flow.updateTeam(params.id, body));
  route(app, teams.patch, ({ params, body }) => flow.updateTeam(params.id, body));
  route(app, teams.remove, ({ params }) => flow.deleteTeam(params.id));

  route(app, rules.list, async ({ request, query }) =>
    listPage(db, await listRequestOf(request, query), { resource: routingRulesResource, hydrate: flow.rules }),
  );
  route(app, rules.create, ({ body }) => flow.createRule(body));
  route(app, rules.get, ({ params }) => flow.getRule(params.id));
  route(app, rules.put, ({ params, body }) => flow.updateRule(params.id, body));
  route(app, rules.patch, ({ params, body }) => flow.updateRule(params.id, body));
  route(app, rules.remove, ({ params }) => flow.deleteRule(params.id));

  route(app, policies.list, async ({ request, query }) =>
    listPage(db, await listRequestOf(request, query), { resource: slaPoliciesResource, hydrate: flow.policies }),
  );
  route(app, policies.create, ({ body }) => flow.createPolicy(body));
  route(app, policies.get, ({ params }) => flow.getPolicy(params.id));
  route(app, policies.put, ({ params, body }) => flow.updatePolicy(params.id, body));
  route(app, policies.patch, ({ params, body }) => flow.updatePolicy(params.id, body));
  route(app, policies.remove, ({ params }) => flow.deletePolicy(params.id));
}
