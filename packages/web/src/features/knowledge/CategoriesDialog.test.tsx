import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { CategoriesDialog } from './CategoriesDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const kitchen = { id: '0190d0b4-0000-7000-8000-0000000000c1', name: 'Kitchen', position: 0 };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderDialog() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = decodeURIComponent(String(input));
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (init?.method === 'DELETE') return new Response(null, { status: 204 });
      if (url.includes('/api/knowledge/categories/')) return json({ count: 1, next: null, previous: null, results: [kitchen] });
      return json({ detail: 'Not found.' }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['identity', 'permissions'], {
    permissions: { Admin: { articlecategory: { read: true, add: true, change: true, delete: true } } },
  });
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <CategoriesDialog onClose={() => undefined} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe('deleting a knowledge category', () => {
  it('asks first, says what happens to its articles, and deletes only when confirmed', async () => {
    const calls = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Kitchen' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the category Kitchen?' });
    expect(dialog.textContent).toMatch(/articles are kept, with no category/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete the category Kitchen?' })).toBeNull());
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Kitchen' }));
    const again = await screen.findByRole('dialog', { name: 'Delete the category Kitchen?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete category' }));
    await vi.waitFor(() => expect(calls).toContain(`DELETE /api/knowledge/categories/${kitchen.id}/`));
  });
});
