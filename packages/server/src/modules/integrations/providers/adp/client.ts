import { asArray, asObject } from '../../mapping';
import { createTokenSource, getJsonWithToken, postForm, type AccessToken, type RetryPolicy } from '../../http';

export interface AdpClientOptions {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  pageSize: number;
  retry: RetryPolicy;
  log: (line: string) => void;
}

/**
 * ADP Workforce Now workers API: OAuth2 client credentials (client id and
 * secret as HTTP Basic), then /hr/v2/workers paged with $top and $skip. ADP
 * ends the list with 204 No Content or a short page.
 */
export function createWorkersClient(options: AdpClientOptions) {
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
  const tokens = createTokenSource(
    async () =>
      (await postForm(
        options.tokenUrl,
        { grant_type: 'client_credentials' },
        { authorization: `Basic ${basic}` },
        options.retry,
      )) as AccessToken,
  );
  return {
    async *workers(): AsyncGenerator<Record<string, unknown>[]> {
      for (let skip = 0; ; skip += options.pageSize) {
        const url = `${options.baseUrl.replace(/\/$/, '')}/hr/v2/workers?$top=${options.pageSize}&$skip=${skip}`;
        const { status, body } = await getJsonWithToken(url, tokens, {
          headers: { accept: 'application/json' },
          policy: options.retry,
          onRetry: options.log,
        });
        const workers = status === 204 ? [] : asArray(asObject(body).workers);
        yield workers;
        if (workers.length < options.pageSize) return;
      }
    },
  };
}
