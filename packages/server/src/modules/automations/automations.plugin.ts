import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ruleEndpoints as rule, runEndpoints as run, webhookEndpoints as hook } from '@ops/contract/automations/automations.endpoints';
import { route } from '../../platform/route';
import { listRequestOf } from '../../list-query/list-request';
import { listViewer } from '../../list-query/list-viewer';
import { createAutomationsRepository } from './automations.repository';
import { createAutomationsService } from './automations.service';
import { urlGuard } from './ssrf-guard';

/** Automations and webhooks (spec platform §14.3): rules, dry runs, versions, the run log, webhooks and deliveries. */
export const automationsPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    const allowPrivate = process.env.WEBHOOK_ALLOW_PRIVATE === 'true';
    const automations = createAutomationsService({
      db,
      transaction: (work) => db.transaction((tx) => work(createAutomationsRepository(tx), tx)),
      guardUrl: urlGuard(allowPrivate),
    });

    route(app, rule.list, async ({ request, query }) => automations.listRules(await listRequestOf(request, query)));
    route(app, rule.create, async ({ request, user, body }) => automations.createRule(user, await listViewer(request), body));
    route(app, rule.dryRun, async ({ request, body }) => {
      const { since, ...input } = body;
      return automations.dryRun(input, await listViewer(request), since);
    });
    route(app, rule.get, ({ params }) => automations.getRule(params.id));
    route(app, rule.put, async ({ request, user, params, body }) => automations.updateRule(user, await listViewer(request), params.id, body));
    route(app, rule.patch, async ({ request, user, params, body }) => automations.updateRule(user, await listViewer(request), params.id, body));
    route(app, rule.remove, ({ params }) => automations.removeRule(params.id));
    route(app, rule.savedDryRun, async ({ request, params, body }) => automations.savedDryRun(await listViewer(request), params.id, body.since));
    route(app, rule.versions, ({ params }) => automations.versions(params.id));
    route(app, rule.restore, async ({ request, user, params }) => automations.restore(user, await listViewer(request), params.id, params.version));
    route(app, run.list, async ({ request, query }) => automations.listRuns(await listRequestOf(request, query)));

    route(app, hook.list, async ({ request, query }) => automations.listWebhooks(await listRequestOf(request, query)));
    route(app, hook.create, ({ body }) => automations.createWebhook(body));
    route(app, hook.get, ({ params }) => automations.getWebhook(params.id));
    route(app, hook.put, ({ params, body }) => automations.updateWebhook(params.id, body));
    route(app, hook.patch, ({ params, body }) => automations.updateWebhook(params.id, body));
    route(app, hook.remove, ({ params }) => automations.removeWebhook(params.id));
    route(app, hook.deliveries, async ({ request, params, query }) => automations.deliveries(params.id, await listRequestOf(request, query)));
  },
  { name: 'automations', dependencies: ['helpdesk'] },
);
