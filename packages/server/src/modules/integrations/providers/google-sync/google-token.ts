import type { JWT } from 'google-auth-library';
import { fetchWithRetry, type RetryPolicy, type TokenSource } from '../../http';

/** Where google-auth-library sends the JWT bearer grant (fixed in the library, and the assertion's audience). */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/**
 * A Google service account's access token through google-auth-library's JWT
 * client (RFC 7523 JWT bearer grant, signed RS256 by the library, domain-wide
 * delegation through `subject`, cached until shortly before expiry). The
 * library posts to Google's fixed token endpoint; a configured other endpoint
 * (GOOGLE_SYNC_TOKEN_URL or the key's `token_uri`: a proxy, or a test's fake) is
 * reached by sending that request there instead, with the library's audience
 * unchanged. HTTP goes through the connectors' `fetchWithRetry` (backoff,
 * `Retry-After`); the library's own retries are off so there is one policy.
 */
export function createGoogleTokenSource(options: {
  tokenUrl: string;
  clientEmail: string;
  privateKey: string;
  subject: string;
  scopes: string[];
  retry: RetryPolicy;
}): TokenSource {
  const fetchImplementation = ((input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    return fetchWithRetry(url === GOOGLE_TOKEN_URL ? options.tokenUrl : url, init ?? {}, options.retry);
  }) as typeof fetch;
  // The library loads with the first token (only servers that sync from Google hold it).
  let created: Promise<JWT> | undefined;
  const jwt = () =>
    (created ??= import('google-auth-library').then(({ JWT, gaxios }) => {
      const transporter = new gaxios.Gaxios({ fetchImplementation, retry: false });
      transporter.interceptors.request.add({
        resolved: async (config) => {
          config.retry = false;
          config.retryConfig = { ...config.retryConfig, retry: 0 };
          return config;
        },
      });
      return new JWT({
        email: options.clientEmail,
        key: options.privateKey,
        subject: options.subject,
        scopes: options.scopes,
        transporter,
      });
    }));
  let refresh = false;
  return {
    async get() {
      const client = await jwt();
      if (refresh) {
        client.credentials = {};
        refresh = false;
      }
      const { token } = await client.getAccessToken();
      if (!token) throw new Error('token endpoint answered without access_token');
      return token;
    },
    invalidate() {
      refresh = true;
    },
  };
}
