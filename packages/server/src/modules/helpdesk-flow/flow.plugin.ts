import type { FastifyInstance } from 'fastify';
import { registerConstraintMessage } from '../../platform/errors';
import type { DbOrTx } from '../../platform/db';
import { createFlowRepository } from './flow.repository';
import { helpdeskFlowRoutes } from './flow.routes';
import { createFlowService, type FlowService } from './flow.service';
import { startSlaSweep } from './sla-sweep';

registerConstraintMessage('helpdesk_team_name_uq', 'name', 'A team with this name already exists.');

/** Teams, routing rules, SLA policies and the SLA sweep; the help desk plugin passes `flow.hooks` to its service. */
export function createHelpdeskFlow(
  db: DbOrTx & { transaction: <T>(work: (tx: DbOrTx) => Promise<T>) => Promise<T> },
): FlowService {
  return createFlowService({ db, transaction: (work) => db.transaction((tx) => work(createFlowRepository(tx), tx)) });
}

export async function registerHelpdeskFlow(app: FastifyInstance, flow: FlowService) {
  const { db } = app.database;
  await app.register(helpdeskFlowRoutes, { db, flow });
  const expression = process.env.SLA_SWEEP_CRON ?? '* * * * *';
  let job: ReturnType<typeof startSlaSweep> = null;
  app.addHook('onReady', async () => {
    job = startSlaSweep({
      expression,
      transaction: (work) => db.transaction((tx) => work(tx)),
      notifications: app.notifications.writer,
      log: (line) => app.log.info(line),
    });
  });
  app.addHook('onClose', async () => job?.stop());
}
