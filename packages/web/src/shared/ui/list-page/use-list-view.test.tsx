import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, MemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { pageSettingKeys } from './page-setting.queries';
import { useListView, type ListViewControls } from './use-list-view';

const SETTING_ID = '0190d5a0-0000-7000-8000-000000000001';
const USER = '0190d5a0-0000-7000-8000-000000000002';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    return new Response(JSON.stringify({ id: SETTING_ID, user: USER, updated_at: '2026-11-26T09:00:00.000Z', ...body }), {
      status: init.method === 'POST' ? 201 : 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The list view of CLIENTS, with the page setting the server already holds (null: none yet). */
function renderListView(stored: Record<string, unknown> | null, url = '/clients') {
  const queryClient = new QueryClient();
  queryClient.setQueryData(
    pageSettingKeys.page('CLIENTS'),
    stored && {
      id: SETTING_ID,
      user: USER,
      page: 'CLIENTS',
      layout: 'DEFAULT',
      page_setting: stored,
      updated_at: '2026-11-26T08:00:00.000Z',
    },
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => useListView({ pageKey: 'CLIENTS', saved: stored ?? undefined, densityFallback: 'standard' }), {
    wrapper,
  });
}

const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: url as string,
    init: init as RequestInit,
    body: JSON.parse((init as RequestInit).body as string),
  }));

describe('the list view saved as the page closes', () => {
  it('sends a search still waiting for its pause with keepalive, so the save outlives the page (first save: POST)', async () => {
    const { result } = renderListView(null);
    act(() => result.current.update({ search: 'Swan 05' }, { resetPage: true, debounce: true }));
    expect(fetchMock).not.toHaveBeenCalled();
    // The user leaves for another page of the site (a full navigation) before the pause is over.
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    const calls = sent();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/identity/page-setting/');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.keepalive).toBe(true);
    expect(calls[0]!.body.page_setting.search).toBe('Swan 05');
  });

  it('sends a change to a saved setting with keepalive too (PUT), and nothing when nothing is waiting', async () => {
    const { result } = renderListView({ filters: {}, sorting: ['name'], renaming: {}, visible_fields: [] });
    act(() => result.current.update({ sorting: ['-name'] }, { debounce: true }));
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    const calls = sent();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`/api/identity/page-setting/${SETTING_ID}/`);
    expect(calls[0]!.init.method).toBe('PUT');
    expect(calls[0]!.init.keepalive).toBe(true);
    expect(calls[0]!.body.page_setting.sorting).toEqual(['-name']);
  });

  it('saves an ordinary change after its pause without keepalive (the page stays open)', async () => {
    vi.useFakeTimers();
    const { result } = renderListView(null);
    act(() => result.current.update({ density: 'compact' }, { debounce: true }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    const calls = sent();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.keepalive).toBeUndefined();
    expect(calls[0]!.body.page_setting.density).toBe('compact');
  });
});

describe('a list opened from a link', () => {
  const linked = `/clients?filters=${encodeURIComponent(JSON.stringify({ relation_status: 'ACTIVE', created_at__gte: '2026-10-29T00:00:00.000Z' }))}`;

  it('shows the link’s filters and saves other changes without them: the saved filters stay the user’s own', async () => {
    vi.useFakeTimers();
    const { result } = renderListView({ filters: { account_type: 'CLIENT' }, sorting: [], renaming: {}, visible_fields: [] }, linked);
    expect(result.current.view.filters).toEqual({ relation_status: 'ACTIVE', created_at__gte: '2026-10-29T00:00:00.000Z' });
    // Removing one chip of the link's filters and changing the density are saved without the link's filters.
    act(() => result.current.update({ filters: { created_at__gte: '2026-10-29T00:00:00.000Z' }, density: 'compact' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(sent().map((call) => call.body.page_setting)).toEqual([expect.objectContaining({ filters: { account_type: 'CLIENT' }, search: '', density: 'compact' })]);
    expect(result.current.view.filters).toEqual({ created_at__gte: '2026-10-29T00:00:00.000Z' });
  });

  it('saves the filters once the user clears them or resets the view', async () => {
    vi.useFakeTimers();
    const { result } = renderListView({ filters: { account_type: 'CLIENT' }, sorting: [], renaming: {}, visible_fields: [] }, linked);
    act(() => result.current.clearSearchAndFilters());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(sent().at(-1)!.body.page_setting.filters).toEqual({});
  });
});

describe('the address bar under a data router (its navigations land a render later)', () => {
  it('drops a restored search cleared before the URL that showed it had landed', async () => {
    const stored = { filters: {}, sorting: [], renaming: {}, visible_fields: [], search: 'Swan 05' };
    const queryClient = new QueryClient();
    queryClient.setQueryData(pageSettingKeys.page('CLIENTS'), {
      id: SETTING_ID,
      user: USER,
      page: 'CLIENTS',
      layout: 'DEFAULT',
      page_setting: stored,
      updated_at: '2026-11-26T08:00:00.000Z',
    });
    let list: ListViewControls | undefined;
    function Probe() {
      list = useListView({ pageKey: 'CLIENTS', saved: stored, densityFallback: 'standard' });
      return null;
    }
    // The router applies a URL as a transition; one that waits on something (a chunk, data) keeps
    // the page on the old URL meanwhile, as a busy browser does.
    let release: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (release = resolve));
    let released = false;
    function SlowPart() {
      const [params] = useSearchParams();
      if (params.has('search') && !released) throw waiting;
      return null;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/clients',
          element: (
            <>
              <Probe />
              <SlowPart />
            </>
          ),
        },
      ],
      { initialEntries: ['/clients'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>,
    );
    // The bare route restored the saved search; its ?search= is on its way to the address bar when Clear all is pressed.
    expect(list!.view.search).toBe('Swan 05');
    expect(router.state.location.search).toBe('?search=Swan+05');
    act(() => list!.clearSearchAndFilters());
    await act(async () => {
      released = true;
      release();
      await waiting;
    });
    expect(list!.view.search).toBe('');
    expect(router.state.location.search).toBe('');
  });
});
