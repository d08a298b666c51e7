import { Argument } from 'commander';
import { PROVIDERS } from '@ops/contract/integrations/sync-runs.schemas';
import { runSync } from '../modules/integrations/connector';
import { isProvider, PROVIDER_REGISTRY } from '../modules/integrations/registry';
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
    await runSync({ database: ctx.database, connector, trigger: 'cli', log: ctx.print });
  },
});
