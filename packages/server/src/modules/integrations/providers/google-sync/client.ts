import { asArray, asObject } from '../../mapping';
import { getJsonWithToken, type RetryPolicy } from '../../http';
import { createGoogleTokenSource } from './google-token';

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

/** Admin SDK Directory API: users, groups and members, following nextPageToken. */
export function createDirectoryClient(options: GoogleClientOptions) {
  const tokens = createGoogleTokenSource({
    tokenUrl: options.tokenUrl,
    clientEmail: options.key.client_email,
    privateKey: options.key.private_key,
    subject: options.subject,
    scopes: DIRECTORY_SCOPES,
    retry: options.retry,
  });

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
