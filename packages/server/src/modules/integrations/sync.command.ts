import type { CommandContext } from '../../commands';
import { PROVIDERS } from '@ops/contract/integrations/sync-runs.schemas';
import { runSync } from './connector';
import { isProvider, PROVIDER_REGISTRY } from './registry';

/** `sync <connector>`: one run now, with progress lines; configuration comes from the environment. */
export async function syncCommand(ctx: CommandContext, argv: string[]): Promise<void> {
  const name = argv[0];
  if (!name || !isProvider(name)) throw new Error(`sync needs a connector: ${PROVIDERS.join(', ')}`);
  const definition = PROVIDER_REGISTRY[name];
  const connector = definition.fromEnv(process.env);
  if (!connector) {
    const variables = definition.env.filter((v) => !v.default && !v.name.startsWith('SYNC_')).map((v) => v.name);
    throw new Error(`${name} is not configured: set ${variables.join(', ')} (see docs/operations.md)`);
  }
  await runSync({ database: ctx.database, connector, trigger: 'cli', log: ctx.print });
}
