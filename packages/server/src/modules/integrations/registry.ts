import { PROVIDERS, type Provider } from '@ops/contract/integrations/sync-runs.schemas';
import type { ProviderDefinition } from './provider';
import { adpProvider } from './providers/adp/provider';
import { buylinkProvider } from './providers/buylink/provider';
import { dynamicsProvider } from './providers/dynamics/provider';
import { googleSyncProvider } from './providers/google-sync/provider';

/** Every connector, by the name `npm run cli -- sync <name>` takes. */
export const PROVIDER_REGISTRY: Record<Provider, ProviderDefinition> = {
  'google-sync': googleSyncProvider,
  dynamics: dynamicsProvider,
  buylink: buylinkProvider,
  adp: adpProvider,
};

export function isProvider(name: string): name is Provider {
  return (PROVIDERS as readonly string[]).includes(name);
}
