import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
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
  /**
   * Asked at every token response: how to spoil the ID token it carries (undefined: leave it). Tests
   * of the client's refusals use it to get a token a real provider might send after a mix-up or
   * an attack: other claims (iss, aud, nonce) signed with the provider's key, or a forged signature.
   */
  tamperIdToken?: () => IdTokenTampering | undefined;
}

export interface IdTokenTampering {
  /** Claims replaced in the ID token, which is then signed again with the provider's published key. */
  claims?: Record<string, unknown>;
  /** Sign with a key the provider does not publish (under the published key's id). */
  foreignKey?: boolean;
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
  // The signing key, held here (not generated inside the provider) so a spoilt ID token can be signed with it.
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

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
    jwks: { keys: [{ ...signingKey.export({ format: 'jwk' }), kid: SIGNING_KID, alg: 'RS256', use: 'sig' }] },
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
  if (options.tamperIdToken) {
    const tamper = options.tamperIdToken;
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as { id_token?: unknown } | undefined;
      const how = ctx.oidc?.route === 'token' && typeof body?.id_token === 'string' ? tamper() : undefined;
      if (how) ctx.body = { ...body, id_token: spoil(body!.id_token as string, how, how.foreignKey ? foreignKey : signingKey) };
    });
  }
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

const SIGNING_KID = 'local-oidc-provider-key';

/** The ID token with `how.claims` put in, signed RS256 by `key` under the provider's key id. */
function spoil(idToken: string, how: IdTokenTampering, key: KeyObject): string {
  const [, payload] = idToken.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')), ...how.claims };
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'RS256', typ: 'JWT', kid: SIGNING_KID })}.${part(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}
