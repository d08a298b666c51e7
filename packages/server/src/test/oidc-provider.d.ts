// The few parts of oidc-provider (shipped without types) the local provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface OidcContext {
    oidc: {
      client: { clientId: string };
      session: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: {
        Grant: {
          new (init: { clientId: string; accountId?: string }): GrantInstance;
          find(id: string): Promise<GrantInstance | undefined>;
        };
      };
    };
  }
  /** A Koa context of the provider's own middleware stack (`provider.use`). */
  interface ProviderMiddlewareContext {
    body: unknown;
    oidc?: { route?: string };
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: ProviderMiddlewareContext, next: () => Promise<void>) => Promise<void>): void;
    proxy: boolean;
  }
  export type { OidcContext };
}
