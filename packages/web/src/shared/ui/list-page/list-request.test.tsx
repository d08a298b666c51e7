import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { View } from '@ops/contract/views/views.schemas';
import { recordListSourceOf } from '../../../features/records/record-list-sources';
import { brandEntity } from '../../../features/brands/BrandPages';
import { recordListSource } from '../../../features/records/records.queries';
import { APP_SETTINGS_KEY } from '../../settings/app-settings.key';
import { ListPage } from './ListPage';
import type { ListColumn } from './list-columns';
import { openingListQuery } from './list-request';
import { pageSettingKeys } from './page-setting.queries';
import { prefetchListView } from './prefetch-list-view';
import { viewKeys } from './views.queries';

// The shell starts a list's first request before ListPage's code arrives (prefetchListView); it is
// worth something only when ListPage then asks for exactly that query: one request, not two.

const USER = '0190d5a0-0000-7000-8000-000000000002';
const BRAND = '0190d5a0-0000-7000-8000-0000000000b1';
const LIST_PATH = '/api/operations/brands/';
const SOURCE = recordListSourceOf('BRANDS')!;

interface Brand {
  id: string;
  name: string;
}

const COLUMNS: ListColumn<Brand>[] = [
  { field: 'name', headerName: 'Name', kind: 'text', sortable: true, defaultVisible: true, value: (row) => row.name, exportPath: 'name' },
];

const brandRow = { id: BRAND, name: 'Swan Brewery', description: '', legal_entity: null, created_at: '2026-11-26T08:00:00.000Z', updated_at: '2026-11-26T08:00:00.000Z', created_by: null, updated_by: null };

const namedView = (settings: Record<string, unknown>, isDefault: boolean): View => ({
  id: '0190d5a0-0000-7000-8000-0000000000c1',
  page: 'BRANDS',
  name: 'Newest',
  settings,
  shared: false,
  owner: { id: USER, full_name: 'Alex Ops' },
  is_default: isDefault,
  is_owner: true,
  created_at: '2026-11-26T08:00:00.000Z',
  updated_at: '2026-11-26T08:00:00.000Z',
});

// The first answer's check against the contract (dev and tests) loads every contract module: seconds on a loaded machine.
const WAIT = { timeout: 10_000 };

let listCalls: URL[];
let releaseList: () => void;

beforeEach(() => {
  listCalls = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  releaseList = release;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://ops.test');
      if (url.pathname !== LIST_PATH) return new Response('{}', { status: 404 });
      listCalls.push(url);
      await released;
      return new Response(JSON.stringify({ count: 1, next: null, previous: null, results: [brandRow] }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A query client holding what the shell fetched before the list: the saved view, the named views and the app's settings. */
function clientWith(saved: Record<string, unknown> | null, views: View[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  queryClient.setQueryData(
    pageSettingKeys.page('BRANDS'),
    saved && { id: '0190d5a0-0000-7000-8000-000000000001', user: USER, page: 'BRANDS', layout: 'DEFAULT', page_setting: saved, updated_at: '2026-11-26T08:00:00.000Z' },
  );
  queryClient.setQueryData(viewKeys.page('BRANDS'), views);
  queryClient.setQueryData(APP_SETTINGS_KEY, { display_density: 'STANDARD' });
  return queryClient;
}

function renderBrands(queryClient: QueryClient, url: string) {
  const router = createMemoryRouter(
    [{ path: '/brands', element: <ListPage<Brand> pageKey="BRANDS" title="Brands" source={recordListSource(brandEntity.entity, brandEntity.endpoints.list)} columns={COLUMNS} /> }],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The keys of the list queries in the cache (every page and view asked for leaves one). */
const listKeys = (queryClient: QueryClient) => queryClient.getQueryCache().findAll({ queryKey: [...SOURCE.key, 'list'] }).map((query) => query.queryKey);

/** Prefetches as the shell does, then opens the page; answers the list request once both have had their say. */
async function openAfterPrefetch({ saved, views = [], url, answerFirst }: { saved: Record<string, unknown> | null; views?: View[]; url: string; answerFirst: boolean }) {
  const queryClient = clientWith(saved, views);
  prefetchListView(queryClient, 'BRANDS', new URL(url, 'http://ops.test').search, Promise.resolve(SOURCE));
  await vi.waitFor(() => expect(listCalls).toHaveLength(1), WAIT);
  if (answerFirst) {
    releaseList();
    await vi.waitFor(() => expect(listKeys(queryClient).map((key) => queryClient.getQueryState(key)?.status)).toEqual(['success']), WAIT);
  }
  renderBrands(queryClient, url);
  releaseList();
  expect(await screen.findByText('Swan Brewery')).toBeInTheDocument();
  return queryClient;
}

describe("the list's first request, started by the shell before ListPage's code", () => {
  it('is the request ListPage makes for a saved view with filters, ordering and page size: one request, already answered', async () => {
    const saved = { filters: { name__icontains: 'swan' }, sorting: ['-name'], page_size: 50, search: 'brew' };
    const queryClient = await openAfterPrefetch({ saved, url: '/brands', answerFirst: true });
    expect(listCalls).toHaveLength(1);
    expect(Object.fromEntries(listCalls[0]!.searchParams)).toEqual({
      limit: '50',
      offset: '0',
      filters: JSON.stringify({ name__icontains: 'swan' }),
      ordering: '-name',
      search: 'brew',
    });
    const expected = openingListQuery({ source: SOURCE, saved, views: [], params: new URLSearchParams() }).queryKey;
    expect(listKeys(queryClient)).toEqual([expected]);
  });

  it("follows the URL's parameters over the saved view (page, page size, ordering, filters), and ListPage takes the request still in flight", async () => {
    const saved = { filters: { name__icontains: 'swan' }, sorting: ['-name'], page_size: 50 };
    const url = `/brands?filters=${encodeURIComponent(JSON.stringify({ description__icontains: 'ale' }))}&ordering=name&page_size=100&page=2`;
    const queryClient = await openAfterPrefetch({ saved, url, answerFirst: false });
    expect(listCalls).toHaveLength(1);
    expect(Object.fromEntries(listCalls[0]!.searchParams)).toEqual({
      limit: '100',
      offset: '100',
      filters: JSON.stringify({ description__icontains: 'ale' }),
      ordering: 'name',
    });
    const expected = openingListQuery({ source: SOURCE, saved, views: [], params: new URL(url, 'http://ops.test').searchParams }).queryKey;
    expect(listKeys(queryClient)).toEqual([expected]);
  });

  it("opens the user's default named view when the URL carries no list state, as ListPage does", async () => {
    const views = [namedView({ sorting: ['-created_at'], page_size: 25 }, true)];
    const queryClient = await openAfterPrefetch({ saved: { sorting: ['name'], page_size: 100 }, views, url: '/brands', answerFirst: true });
    expect(listCalls).toHaveLength(1);
    expect(Object.fromEntries(listCalls[0]!.searchParams)).toEqual({ limit: '25', offset: '0', ordering: '-created_at' });
    expect(listKeys(queryClient)).toHaveLength(1);
  });
});
