import { asArray, asObject } from '../../mapping';
import { getJsonWithToken, type RetryPolicy } from '../../http';
import { createAzureTokenSource } from './azure-token';

export interface ODataClientOptions {
  /** Environment URL, e.g. https://contoso.operations.dynamics.com */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  pageSize: number;
  retry: RetryPolicy;
  log: (line: string) => void;
}

/**
 * The bearer token goes with every page request, so a next link is followed
 * only to the configured environment's origin (scheme, host and port).
 */
function sameOrigin(link: string, base: string): string {
  let url: URL;
  try {
    url = new URL(link, `${base}/`);
  } catch {
    throw new Error(`@odata.nextLink is not a URL: ${link.slice(0, 200)}`);
  }
  const expected = new URL(base).origin;
  if (url.origin !== expected) throw new Error(`@odata.nextLink points to ${url.origin}, not the configured ${expected}; not followed`);
  return url.toString();
}

/**
 * Dynamics 365 F&O OData v4 data entities with Azure AD client credentials.
 * Pages follow @odata.nextLink; every company's rows come with
 * ?cross-company=true. IEEE754Compatible=true makes the service send
 * Edm.Decimal and Edm.Int64 as strings, and the body is parsed losslessly
 * as well, so amounts and RecIds never pass through floating point.
 */
export function createODataClient(options: ODataClientOptions) {
  const base = options.baseUrl.replace(/\/$/, '');
  const tokens = createAzureTokenSource({
    tokenUrl: options.tokenUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    scope: `${base}/.default`,
    retry: options.retry,
  });
  const headers = {
    accept: 'application/json;odata.metadata=minimal;IEEE754Compatible=true',
    'odata-version': '4.0',
    'odata-maxversion': '4.0',
    prefer: `odata.maxpagesize=${options.pageSize}`,
  };

  return {
    async *entity(entitySet: string): AsyncGenerator<Record<string, unknown>[]> {
      let next: string | undefined = `${base}/data/${entitySet}?cross-company=true`;
      while (next) {
        const { body } = await getJsonWithToken(next, tokens, { headers, policy: options.retry, onRetry: options.log });
        const page = asObject(body);
        yield asArray(page.value);
        next = typeof page['@odata.nextLink'] === 'string' ? sameOrigin(page['@odata.nextLink'], base) : undefined;
      }
    },
  };
}
