import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RuleChanges } from '@ops/contract/automations/automations.schemas';
import type { AuthUser } from '../../platform/auth';
import { conditionalOf, conditionalWrite, tagOf } from '../../platform/conditional';
import fp from 'fastify-plugin';
import { ruleEndpoints as rule, runEndpoints as run, webhookEndpoints as hook } from '@ops/contract/automations/automations.endpoints';
import { route } from '../../platform/route';
import { listRequestOf } from '../../list-query/list-request';
import { listViewer } from '../../list-query/list-viewer';
import { createAutomationsRepository } from './automations.repository';
import { createAutomationsService, serializeDelivery } from './automations.service';
import { notFound } from '../../platform/errors';
import { createAutomationEvents, type AutomationEvents } from './automation-events';
import { createRuleRunner, type RuleRunner } from './rule-runner';
import { createWebhookDeliveries, type WebhookDeliveries } from './webhook-deliveries';
import { urlGuard } from './ssrf-guard';
import { cronSchedule } from '../integrations/index';
import { purgeAutomations, retentionFromEnv } from './automation-purge';

/** Automations and webhooks (spec platform §14.3): rules, dry runs, versions, the run log, webhooks and deliveries. */
export const automationsPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    const { webhookAllowPrivate: allowPrivate, webhookRetryBaseMs, automationPollMs } = app.config;
    const log = (message: string, error?: unknown) => app.log.warn({ err: error }, message);
    const deliveries = createWebhookDeliveries({ db, allowPrivate, retryBaseMs: webhookRetryBaseMs, pollMs: automationPollMs, log });
    const runner = createRuleRunner({ db, helpdesk: app.helpdesk, notifications: app.notifications.writer, webhooks: deliveries.queue, log, pollMs: automationPollMs });
    const events = createAutomationEvents(() => runner.kick());
    app.decorate('automationEvents', events);
    app.decorate('automationRunner', { runner, deliveries });
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
    // Conditional writes (spec platform §14.6): the detail answers its ETag from the rule's version; a
    // write whose If-Match no longer holds answers 412 with the rule as it is now, changing nothing.
    route(app, rule.get, ({ params, reply }) => automations.getRule(params.id, tagOf(reply)));
    const current = (id: string, reply: FastifyReply) => () => automations.getRule(id, tagOf(reply));
    const update = async ({ request, reply, user, params, body }: { request: FastifyRequest; reply: FastifyReply; user: AuthUser; params: { id: string }; body: RuleChanges }) => {
      const condition = conditionalOf(request, reply);
      const viewer = await listViewer(request);
      return conditionalWrite(() => automations.updateRule(user, viewer, params.id, body, condition), current(params.id, reply));
    };
    route(app, rule.put, update);
    route(app, rule.patch, update);
    route(app, rule.remove, ({ request, reply, params }) => {
      const condition = conditionalOf(request, reply);
      return conditionalWrite(() => automations.removeRule(params.id, condition), current(params.id, reply));
    });
    route(app, rule.savedDryRun, async ({ request, params, body }) => automations.savedDryRun(await listViewer(request), params.id, body.since));
    route(app, rule.versions, ({ params }) => automations.versions(params.id));
    route(app, rule.restore, async ({ request, reply, user, params }) => {
      const condition = conditionalOf(request, reply);
      const viewer = await listViewer(request);
      return conditionalWrite(() => automations.restore(user, viewer, params.id, params.version, condition), current(params.id, reply));
    });
    route(app, run.list, async ({ request, query }) => automations.listRuns(await listRequestOf(request, query)));

    route(app, hook.list, async ({ request, query }) => automations.listWebhooks(await listRequestOf(request, query)));
    route(app, hook.create, ({ body }) => automations.createWebhook(body));
    route(app, hook.get, ({ params }) => automations.getWebhook(params.id));
    route(app, hook.put, ({ params, body }) => automations.updateWebhook(params.id, body));
    route(app, hook.patch, ({ params, body }) => automations.updateWebhook(params.id, body));
    route(app, hook.remove, ({ params }) => automations.removeWebhook(params.id));
    route(app, hook.deliveries, async ({ request, params, query }) => automations.deliveries(params.id, await listRequestOf(request, query)));
    route(app, hook.redeliver, async ({ params }) => {
      const row = await deliveries.redeliver(params.id, params.delivery);
      if (!row) throw notFound();
      return serializeDelivery(row);
    });

    app.addHook('onReady', async () => {
      runner.start();
      deliveries.start();
    });
    // The nightly purge of what is finished (AUTOMATION_PURGE_CRON, default 03:41; `off` disables it):
    // set-based DELETEs, harmless when two instances both run them.
    const purgeCron = process.env.AUTOMATION_PURGE_CRON ?? '41 3 * * *';
    const purge = purgeCron === 'off'
      ? null
      : cronSchedule(purgeCron, async () => {
          try {
            const removed = await purgeAutomations(db, retentionFromEnv());
            if (removed.events + removed.runs + removed.deliveries) app.log.info(removed, 'automations purge');
          } catch (error) {
            app.log.warn({ err: error }, 'automations purge failed');
          }
        });
    app.addHook('onReady', async () => void purge?.resume());
    app.addHook('onClose', async () => {
      purge?.stop();
      await runner.stop();
      await deliveries.stop();
    });
  },
  { name: 'automations', dependencies: ['helpdesk', 'notifications'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The automation outbox's writer: the help desk and records hand it their events inside their transactions (app.ts). */
    automationEvents: AutomationEvents;
    /** The runner and webhook deliveries (tests drain them). */
    automationRunner: { runner: RuleRunner; deliveries: WebhookDeliveries };
  }
}
