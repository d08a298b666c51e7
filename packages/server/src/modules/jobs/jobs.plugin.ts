import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobRunner, type JobHandler, type JobRunner } from './job-runner';
import { createJobTargets } from './job-targets';
import { createJobsService, type JobsService } from './jobs.service';
import { jobsRoutes } from './jobs.routes';
import { createImportsService } from './imports.service';
import path from 'node:path';
import { createIdentityRepository } from '../identity/index';
import { startImportSweep, sweepImports, type ImportSweepResult } from './import-sweep';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      service: JobsService;
      runner: JobRunner;
      handlers: Record<string, JobHandler>;
      /** One sweep of DATA_DIR/imports now (the server also runs it every IMPORT_SWEEP_INTERVAL). */
      sweepImports: (now?: Date) => Promise<ImportSweepResult>;
    };
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
    const started: { runner?: JobRunner } = {};
    const service = createJobsService({
      db,
      targets,
      afterCommit: (recorded) => app.notifications.writer.afterCommit(recorded),
      wake: () => started.runner?.wake(),
    });
    const importsDir = path.join(app.config.dataDir, 'imports');
    const sweepOptions = {
      db,
      importsDir,
      unrunMs: app.config.importUnrunHours * 3600_000,
      retentionMs: app.config.importRetentionHours * 3600_000,
      orphanGraceMs: app.config.orphanGraceSeconds * 1000,
    };
    const imports = createImportsService({
      db,
      jobs: service,
      importsDir,
      maxRows: app.config.importMaxRows,
      hasPermission: async (user, model, action) => {
        if (user.isSuperuser) return true;
        const keys = await createIdentityRepository(db).permissionKeys(user.id);
        return keys.includes('*') || keys.includes(`${model}.${action}`);
      },
    });
    const handlers: Record<string, JobHandler> = {
      bulk_change: (context) => service.runBulk(context),
      import: async (context) => imports.runJob(context, await service.actorOf(context.job)),
    };
    const runner = createJobRunner({
      db,
      handlers,
      staleAfterMs: app.config.jobStaleSeconds * 1000,
      log: (message, error) => app.log.error({ err: error }, message),
    });
    started.runner = runner;
    app.decorate('jobs', { service, runner, handlers, sweepImports: (now) => sweepImports({ ...sweepOptions, now }) });
    app.addHook('onReady', async () => runner.start());
    app.addHook('preClose', async () => runner.stop());
    if (app.config.importSweepSeconds > 0) {
      let stop: (() => void) | undefined;
      app.addHook('onReady', async () => {
        stop = startImportSweep({
          ...sweepOptions,
          everySeconds: app.config.importSweepSeconds,
          log: (line) => app.log.info(line),
        });
      });
      app.addHook('onClose', async () => stop?.());
    }
    await app.register(jobsRoutes, {
      jobs: service,
      imports,
      tempDir: app.config.tempDir,
      maxImportBytes: app.config.importMaxBytes,
    });
  },
  { name: 'jobs', dependencies: ['records', 'helpdesk', 'notifications'] },
);
