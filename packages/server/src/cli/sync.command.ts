import { Argument } from 'commander';
import { PROVIDERS } from '@ops/contract/integrations/sync-runs.schemas';
import { runSync } from '../modules/integrations/connector';
import { isProvider, PROVIDER_REGISTRY } from '../modules/integrations/registry';
import { createProgress, terminalProgress, type Progress } from '../platform/progress';
import { CommandError, defineCommand } from './command';

/** `sync <connector>`: one run now, with progress lines; configuration comes from the environment. */
export const syncCommand = defineCommand({
  name: 'sync',
  summary: 'Run one sync of a connector now (configured by its environment variables)',
  define: (command) => command.addArgument(new Argument('<connector>', 'the connector to run').choices(PROVIDERS)),
  async run(ctx, _options, [name]) {
    if (!name || !isProvider(name)) throw new CommandError(`sync needs a connector: ${PROVIDERS.join(', ')}`);
    const definition = PROVIDER_REGISTRY[name];
    const connector = definition.fromEnv(process.env);
    if (!connector) {
      const variables = definition.env.filter((v) => !v.default && !v.name.startsWith('SYNC_')).map((v) => v.name);
      throw new CommandError(`${name} is not configured: set ${variables.join(', ')} (see docs/operations.md)`);
    }
    // On a terminal a bar per phase (rows read, then rows written of the total); log lines otherwise.
    let bar: { phase: 'read' | 'write'; progress: Progress; done: number } | undefined;
    const progress = (phase: 'read' | 'write', done: number, total?: number) => {
      if (bar?.phase !== phase) {
        bar?.progress.done();
        bar = { phase, progress: createProgress(`sync ${name} ${phase === 'read' ? 'read' : 'write'}`, total, ctx.print), done: 0 };
      }
      bar.progress.tick(done - bar.done);
      bar.done = done;
    };
    try {
      await runSync({
        database: ctx.database,
        connector,
        trigger: 'cli',
        log: ctx.print,
        progress: terminalProgress(ctx.print) ? progress : undefined,
      });
    } finally {
      bar?.progress.done();
    }
  },
});
