import { createSign } from 'node:crypto';
import { asArray, asObject } from '../../mapping';
import { createTokenSource, getJsonWithToken, postForm, type AccessToken, type RetryPolicy } from '../../http';

export const DIRECTORY_SCOPES = [
  'https://www.googleapis.com/auth/admin.directory.user.readonly',
  'https://www.googleapis.com/auth/admin.directory.group.readonly',
  'https://www.googleapis.com/auth/admin.directory.group.member.readonly',
];

export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  token_uri?: string;
}

export interface GoogleClientOptions {
  baseUrl: string;
  tokenUrl: string;
  key: ServiceAccountKey;
  /** The administrator the service account acts as (domain-wide delegation). */
  subject: string;
  customer: string;
  retry: RetryPolicy;
  log: (line: string) => void;
}

const b64url = (input: string | Buffer) => Buffer.from(input).toString('base64url');

/** The signed assertion of the OAuth 2.0 JWT bearer grant (RFC 7523) that Google service accounts use. */
export function serviceAccountAssertion(
  key: ServiceAccountKey,
  subject: string,
  audience: string,
  scopes: string[],
  now = Math.floor(Date.now() / 1000),
): string {
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(
    JSON.stringify({ iss: key.client_email, sub: subject, scope: scopes.join(' '), aud: audience, iat: now, exp: now + 3600 }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(key.private_key);
  return `${header}.${claims}.${b64url(signature)}`;
}

/** Admin SDK Directory API: users, groups and members, following nextPageToken. */
export function createDirectoryClient(options: GoogleClientOptions) {
  const tokens = createTokenSource(
    async () =>
      (await postForm(
        options.tokenUrl,
        {
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: serviceAccountAssertion(options.key, options.subject, options.tokenUrl, DIRECTORY_SCOPES),
        },
        {},
        options.retry,
      )) as AccessToken,
  );

  async function* pages(path: string, params: Record<string, string>, field: string): AsyncGenerator<Record<string, unknown>[]> {
    let pageToken: string | undefined;
    do {
      const url = new URL(`${options.baseUrl.replace(/\/$/, '')}/admin/directory/v1/${path}`);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      const { body } = await getJsonWithToken(url.toString(), tokens, { policy: options.retry, onRetry: options.log });
      const page = asObject(body);
      // An empty result has no array at all.
      yield asArray(page[field]);
      pageToken = typeof page.nextPageToken === 'string' && page.nextPageToken ? page.nextPageToken : undefined;
    } while (pageToken);
  }

  return {
    users: () =>
      pages('users', { customer: options.customer, maxResults: '500', projection: 'full', viewType: 'admin_view' }, 'users'),
    groups: () => pages('groups', { customer: options.customer, maxResults: '200' }, 'groups'),
    members: (groupKey: string) => pages(`groups/${encodeURIComponent(groupKey)}/members`, { maxResults: '200' }, 'members'),
  };
}
