import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerConstraintMessage } from '../../platform/errors';
import type { DbOrTx } from '../../platform/db';
import { createFlowRepository } from './flow.repository';
import { helpdeskFlowRoutes } from './flow.routes';
import { createFlowService, type FlowService } from './flow.service';
import { runSlaSweep, startSlaSweep } from './sla-sweep';
import type { FlowTicketStore } from './flow-tickets';

registerConstraintMessage('helpdesk_team_name_uq', 'name', 'A team with this name already exists.');

export function createHelpdeskFlow(
  db: DbOrTx & { transaction: <T>(work: (tx: DbOrTx) => Promise<T>) => Promise<T> },
  tickets: FlowTicketStore,
): FlowService {
  return createFlowService({ db, tickets, transaction: (work) => db.transaction((tx) => work(createFlowRepository(tx), tx)) });
}

/** What app.ts hands the flow: the help desk's tickets, which the flow routes and times (flow-tickets.ts). */
export interface HelpdeskFlowOptions {
  tickets: FlowTicketStore;
  /** Told of SLAs at risk and breached inside the sweep's transaction (app.ts hands in automations' events). */
  events?: Parameters<typeof runSlaSweep>[0]['events'];
}

/**
 * Teams, routing rules, SLA policies and the SLA sweep. Registered by app.ts before the help desk,
 * which takes `app.helpdeskFlow.hooks` for its service (routing and the SLA clock run inside the
 * ticket's transaction); app.ts passes the help desk's ticket store in `tickets`.
 */
export const helpdeskFlowPlugin = fp(
  async (app: FastifyInstance, options: HelpdeskFlowOptions) => {
    const { db } = app.database;
    const flow = createHelpdeskFlow(db, options.tickets);
    app.decorate('helpdeskFlow', flow);
    await app.register(helpdeskFlowRoutes, { db, flow });
    // One sweep now, with the scheduled sweep's own wiring (tests; the cron below calls the same).
    app.decorate('slaSweep', (now?: Date) =>
      runSlaSweep({ transaction: (work) => db.transaction((tx) => work(tx)), tickets: options.tickets, notifications: app.notifications.writer, events: options.events, now }),
    );
    const expression = process.env.SLA_SWEEP_CRON ?? '* * * * *';
    let job: ReturnType<typeof startSlaSweep> = null;
    app.addHook('onReady', async () => {
      job = startSlaSweep({
        expression,
        transaction: (work) => db.transaction((tx) => work(tx)),
        tickets: options.tickets,
        notifications: app.notifications.writer,
        events: options.events,
        log: (line) => app.log.info(line),
      });
    });
    app.addHook('onClose', async () => job?.stop());
  },
  { name: 'helpdesk-flow', dependencies: ['notifications'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Teams, routing and SLA: the help desk passes `hooks` to its service. */
    helpdeskFlow: FlowService;
    /** Runs the SLA sweep once (as SLA_SWEEP_CRON does): tickets past their risk or breach instant move and are told of. */
    slaSweep: (now?: Date) => Promise<{ atRisk: number; breached: number }>;
  }
}
