import type {
  ConfidentialClientApplication,
  INetworkModule,
  NetworkRequestOptions,
  NetworkResponse,
} from '@azure/msal-node';
import { fetchWithRetry, type RetryPolicy, type TokenSource } from '../../http';

/**
 * Azure AD (Microsoft Entra ID) client credentials through @azure/msal-node.
 * MSAL builds the v2.0 token request, checks the answer and caches the token
 * until shortly before it expires. Its authority is described up front from the
 * configured token endpoint (`authorityMetadata`, `cloudDiscoveryMetadata`,
 * `knownAuthorities`), so it makes no instance or OpenID discovery request: a
 * sync needs only the token endpoint (the real one, a sovereign cloud's, or a
 * test's fake). Its HTTP goes through the connectors' `fetchWithRetry`
 * (backoff, `Retry-After`).
 */
export function createAzureTokenSource(options: {
  /** https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  retry: RetryPolicy;
}): TokenSource {
  const token = new URL(options.tokenUrl);
  const tenantPath = token.pathname.replace(/\/oauth2\/v2\.0\/token\/?$/, '');
  // MSAL accepts only an https authority; it is never contacted (metadata below), so a token endpoint
  // on plain http (a local fake) is described under the same host name with https.
  const authority = `https://${token.host}${tenantPath}`;
  const metadata = {
    token_endpoint: options.tokenUrl,
    authorization_endpoint: `${token.origin}${tenantPath}/oauth2/v2.0/authorize`,
    end_session_endpoint: `${token.origin}${tenantPath}/oauth2/v2.0/logout`,
    issuer: `${token.origin}${tenantPath}/v2.0`,
    jwks_uri: `${token.origin}${tenantPath}/discovery/v2.0/keys`,
  };
  const discovery = {
    tenant_discovery_endpoint: `${authority}/v2.0/.well-known/openid-configuration`,
    metadata: [{ preferred_network: token.host, preferred_cache: token.host, aliases: [token.host] }],
  };
  const send = async <T>(method: 'GET' | 'POST', url: string, request?: NetworkRequestOptions): Promise<NetworkResponse<T>> => {
    const response = await fetchWithRetry(url, { method, headers: request?.headers, body: request?.body }, options.retry);
    const text = await response.text();
    return { headers: Object.fromEntries(response.headers), body: (text ? JSON.parse(text) : {}) as T, status: response.status };
  };
  const networkClient: INetworkModule = {
    sendGetRequestAsync: (url, request) => send('GET', url, request),
    sendPostRequestAsync: (url, request) => send('POST', url, request),
  };
  // MSAL loads with the first token (only servers that sync from Dynamics hold it).
  let created: Promise<ConfidentialClientApplication> | undefined;
  const msal = () =>
    (created ??= import('@azure/msal-node').then(
      ({ ConfidentialClientApplication }) =>
        new ConfidentialClientApplication({
          auth: {
            clientId: options.clientId,
            clientSecret: options.clientSecret,
            authority,
            knownAuthorities: [token.host],
            authorityMetadata: JSON.stringify(metadata),
            cloudDiscoveryMetadata: JSON.stringify(discovery),
          },
          system: { networkClient },
        }),
    ));
  let refresh = false;
  return {
    async get() {
      const app = await msal();
      const result = await app.acquireTokenByClientCredential({ scopes: [options.scope], skipCache: refresh });
      refresh = false;
      if (!result?.accessToken) throw new Error('token endpoint answered without access_token');
      return result.accessToken;
    },
    invalidate() {
      refresh = true;
    },
  };
}
