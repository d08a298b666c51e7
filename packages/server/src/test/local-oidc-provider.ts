import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type OidcContext } from 'oidc-provider';

/** Claims an account answers: its e-mail and whether the provider verified it. */
export interface LocalAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface LocalOidcProviderOptions {
  port?: number;
  host?: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /**
   * The account for a login name typed into the provider's sign-in form; undefined: the login is
   * taken as a verified e-mail address (the development default).
   */
  account?: (login: string) => LocalAccount | undefined;
}

export interface LocalOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (the `oidc-provider` package) on this machine, for tests and for
 * `npm run dev:oidc`: discovery, authorization code flow with PKCE, signed ID tokens, userinfo.
 * Its built-in sign-in form (`/interaction/:uid`) takes any login name; consent is given at once
 * (a first-party client), so one form stands between the app and its callback.
 */
export async function startLocalOidcProvider(options: LocalOidcProviderOptions): Promise<LocalOidcProvider> {
  const host = options.host ?? '127.0.0.1';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;
  const accountOf = options.account ?? ((login: string) => ({ email: login, email_verified: true }));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['local-oidc-provider-cookie-key'] },
    async findAccount(_ctx: unknown, id: string) {
      const account = accountOf(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    // A first-party client: the scopes it asks for are granted without a consent screen.
    async loadExistingGrant(ctx: OidcContext) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
