import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobRunner, type JobHandler, type JobRunner } from './job-runner';
import { createJobTargets } from './job-targets';
import { createJobsService, type JobsService } from './jobs.service';
import { jobsRoutes } from './jobs.routes';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: { service: JobsService; runner: JobRunner; handlers: Record<string, JobHandler> };
  }
}

/**
 * Jobs: long work (bulk changes, imports) queued in PostgreSQL, run by the
 * job runner of whichever server instance claims it, with progress, errors,
 * resume after a restart and undo.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    const targets = createJobTargets(app);
    let runner: JobRunner | undefined;
    const service = createJobsService({
      db,
      targets,
      afterCommit: (recorded) => app.notifications.writer.afterCommit(recorded),
      wake: () => runner?.wake(),
    });
    const handlers: Record<string, JobHandler> = {
      bulk_change: (context) => service.runBulk(context),
    };
    runner = createJobRunner({
      db,
      handlers,
      staleAfterMs: app.config.jobStaleSeconds * 1000,
      log: (message, error) => app.log.error({ err: error }, message),
    });
    app.decorate('jobs', { service, runner, handlers });
    app.addHook('onReady', async () => runner.start());
    app.addHook('preClose', async () => runner.stop());
    await app.register(jobsRoutes, { jobs: service });
  },
  { name: 'jobs', dependencies: ['records', 'helpdesk', 'notifications'] },
);
