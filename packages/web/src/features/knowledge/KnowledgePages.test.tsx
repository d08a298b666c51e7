import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ArticlePage, KnowledgePage } from './KnowledgePages';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '0190d0b4-0000-7000-8000-0000000000a1';
const article = {
  id: ID,
  title: 'Allergen procedure',
  body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Check every label.' }] }] },
  category: { id: '0190d0b4-0000-7000-8000-0000000000c1', name: 'Kitchen' },
  status: 'PUBLISHED',
  audience: { user_types: [], legal_entities: [], clients: [], cost_centres: [] },
  review_by: null,
  acknowledgement_required: true,
  version: 2,
  published_at: '2026-11-01T00:00:00.000Z',
  updated_by: { id: '0190d0b4-0000-7000-8000-0000000000e1', full_name: 'Eda Editor' },
  updated_at: '2026-11-01T00:00:00.000Z',
  tickets_avoided: 3,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

function serve(pending: { value: unknown[] }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = decodeURIComponent(String(input));
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.includes('/acknowledgements/pending/')) return json(page(pending.value));
      if (url.includes('/acknowledge/')) {
        pending.value = [];
        return json(
          { user: { id: article.updated_by.id, full_name: 'Sid Inside' }, version: 2, at: '2026-11-02T00:00:00.000Z' },
          201,
        );
      }
      if (url.includes(`/api/knowledge/articles/${ID}/`)) return json(article);
      if (url.includes('/api/knowledge/articles/')) return json(page([article]));
      return json({ detail: 'Not found.' }, 404);
    }),
  );
  return calls;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/knowledge" element={<KnowledgePage />} />
            <Route path="/knowledge/:id" element={<ArticlePage />} />
          </Routes>
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

describe('the knowledge module (spec platform §14.2)', () => {
  it('lists the articles and names those waiting for acknowledgement', async () => {
    serve({ value: [article] });
    renderAt('/knowledge');
    // The list shows editors' tickets avoided (the server answers the count only to them).
    expect(await screen.findByText('Kitchen · 3 tickets avoided', undefined, { timeout: 10_000 })).toBeTruthy();
    expect((await screen.findByText(/Waiting for your acknowledgement/)).textContent).toContain('Allergen procedure');
  });

  it('shows an article and acknowledges its version', async () => {
    const calls = serve({ value: [article] });
    renderAt(`/knowledge/${ID}`);
    expect(await screen.findByText('Check every label.', undefined, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'I have read this' }));
    expect(await screen.findByText('Acknowledged', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(calls).toContain(`POST /api/knowledge/articles/${ID}/acknowledge/`);
  });
});
