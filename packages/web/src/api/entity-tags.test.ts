import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { apiRequest, ApiError } from './http-client';
import { shareKeepingTags, tagOf } from './entity-tags';
import { createQueryClient } from './query-client';

let fetchMock: ReturnType<typeof vi.fn>;
const answer = (status: number, body: unknown, tag?: string) =>
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...(tag ? { ETag: tag } : {}) } }),
  );

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('entity tags (conditional writes)', () => {
  it("keeps a detail's ETag with its body and sends it back as If-Match", async () => {
    answer(200, { id: 'a', name: 'Acme' }, '"accounts_client-a-3"');
    const record = await apiRequest('/api/accounts/clients/a/');
    expect(tagOf(record)).toBe('"accounts_client-a-3"');

    answer(200, { id: 'a', name: 'Acme Ltd' }, '"accounts_client-a-4"');
    await apiRequest('/api/accounts/clients/a/', { method: 'PATCH', json: { name: 'Acme Ltd' }, ifMatch: tagOf(record) });
    expect(new Headers(fetchMock.mock.calls[1]![1].headers).get('If-Match')).toBe('"accounts_client-a-3"');
    // A request without a tag sends no If-Match.
    answer(200, { id: 'a' });
    await apiRequest('/api/accounts/clients/a/', { method: 'PATCH', json: {} });
    expect(new Headers(fetchMock.mock.calls[2]![1].headers).has('If-Match')).toBe(false);
  });

  it("a 412's tag goes with the record as it is now", async () => {
    answer(412, { detail: 'This record was changed by someone else.', current: { id: 'a', name: 'Theirs' } }, '"accounts_client-a-5"');
    const failure = await apiRequest('/api/accounts/clients/a/', { method: 'PATCH', json: {}, ifMatch: '"accounts_client-a-3"' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    const current = ((failure as ApiError).body as { current: unknown }).current;
    expect(tagOf(current)).toBe('"accounts_client-a-5"');
  });

  it("React Query's structural sharing keeps the newest answer's tag, changed or not", async () => {
    const client: QueryClient = createQueryClient();
    const key = ['records', 'clients', 'detail', 'a'];
    answer(200, { id: 'a', name: 'Acme', tags: ['x'] }, '"t-1"');
    answer(200, { id: 'a', name: 'Acme', tags: ['x'] }, '"t-2"');
    answer(200, { id: 'a', name: 'Acme Ltd', tags: ['x'] }, '"t-3"');
    // What the cache holds after each fetch (what a page renders), not the raw answer.
    const fetchOnce = async () => {
      await client.fetchQuery({ queryKey: key, queryFn: () => apiRequest('/api/x/'), staleTime: 0 });
      return client.getQueryData(key);
    };
    const first = await fetchOnce();
    expect(tagOf(first)).toBe('"t-1"');
    const same = await fetchOnce();
    expect(same).toBe(first);
    expect(tagOf(same)).toBe('"t-2"');
    const changed = await fetchOnce();
    expect(changed).not.toBe(first);
    expect(tagOf(changed)).toBe('"t-3"');
    expect(shareKeepingTags(undefined, 5)).toBe(5);
  });
});
