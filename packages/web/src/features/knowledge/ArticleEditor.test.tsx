import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import type { Article } from '@ops/contract/knowledge/knowledge.schemas';
import { rememberTag, shareKeepingTags } from '../../api/entity-tags';
import { ArticleEditor } from './ArticleEditor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '0190d0b4-0000-7000-8000-0000000000a1';
const article: Article = {
  id: ID,
  title: 'Allergen procedure',
  body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Check every label.' }] }] },
  category: null,
  status: 'PUBLISHED',
  audience: { user_types: [5], legal_entities: [], clients: [], cost_centres: [] },
  review_by: null,
  acknowledgement_required: false,
  version: 2,
  published_at: '2026-11-01T00:00:00.000Z',
  updated_by: { id: '0190d0b4-0000-7000-8000-0000000000e1', full_name: 'Eda Editor' },
  updated_at: '2026-11-01T00:00:00.000Z',
  tickets_avoided: 0,
};
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function renderEditor(loaded: Article, onSaved = vi.fn()) {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false, structuralSharing: shareKeepingTags } } })}
    >
      <SnackbarProvider>
        <MemoryRouter>
          <ArticleEditor article={loaded} onSaved={onSaved} onCancel={() => undefined} />
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return onSaved;
}

describe('the article editor', () => {
  it('saves against the loaded version (If-Match); on a 412 shows each field both ways and saves the choice against theirs', async () => {
    const loaded = { ...article };
    rememberTag(loaded, '"knowledge_article-a1-2"');
    const theirs = { ...article, version: 3, acknowledgement_required: true, title: 'Allergen procedure (kitchen)' };
    const sent: { ifMatch: string | null; body: Record<string, unknown> }[] = [];
    const presence: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = decodeURIComponent(String(input));
        if (url.includes('/categories/')) return json({ count: 0, next: null, previous: null, results: [] });
        if (url.includes('/api/presence/')) {
          presence.push(`${init?.method ?? 'GET'} ${url}`);
          return init?.method === 'DELETE'
            ? new Response(null, { status: 204 })
            : json([{ user: { id: article.updated_by!.id, name: 'Ada Other' }, since: '2026-11-01T00:00:00.000Z' }]);
        }
        if (init?.method === 'PUT') {
          const ifMatch = new Headers(init.headers).get('If-Match');
          sent.push({ ifMatch, body: JSON.parse(String(init.body)) as Record<string, unknown> });
          if (ifMatch === '"knowledge_article-a1-2"')
            return json({ detail: 'This record was changed by someone else.', current: theirs }, 412, {
              ETag: '"knowledge_article-a1-3"',
            });
          return json({ ...theirs, version: 4, title: 'Allergens at the counter' }, 200, { ETag: '"knowledge_article-a1-4"' });
        }
        return json({ detail: 'Not found.' }, 404);
      }),
    );
    const onSaved = renderEditor(loaded);
    // The open editor announces itself and names the others editing the article.
    expect(await screen.findByText(/Ada Other is editing/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(presence[0]).toMatch(/^POST \/api\/presence\/$/);
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Allergens at the counter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const table = await screen.findByRole('table', { name: 'Changes to resolve' }, { timeout: 10_000 });
    expect(sent[0]!.ifMatch).toBe('"knowledge_article-a1-2"');
    // Title: both changed it (mine kept by default); acknowledgement: only they changed it (theirs kept).
    const titleRow = within(table).getByRole('row', { name: /Title/ });
    expect(within(titleRow).getByRole('radio', { name: 'Mine' })).toHaveProperty('checked', true);
    expect(within(titleRow).getByText('Allergen procedure (kitchen)')).toBeTruthy();
    const ackRow = within(table).getByRole('row', { name: /Acknowledgement required/ });
    expect(within(ackRow).getByRole('radio', { name: 'Theirs' })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('button', { name: 'Save with these choices' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 10_000 });
    expect(sent[1]!.ifMatch).toBe('"knowledge_article-a1-3"');
    expect(sent[1]!.body).toMatchObject({ title: 'Allergens at the counter', acknowledgement_required: true });
  });

  it("names a 400's field under the field", async () => {
    const loaded = { ...article };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = decodeURIComponent(String(input));
        if (url.includes('/categories/')) return json({ count: 0, next: null, previous: null, results: [] });
        if (init?.method === 'PUT')
          return json(
            { audience: { cost_centres: ['Invalid pk "0190d0b4-0000-7000-8000-0000000000ff" - object does not exist.'] } },
            400,
          );
        return json({ detail: 'Not found.' }, 404);
      }),
    );
    renderEditor(loaded);
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Allergens' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/cost centres: Invalid pk/, undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('uploads a picked image as an attachment of the article, puts it in the text and saves it; a refused file says why', async () => {
    const IMAGE = '0190d0b4-0000-7000-8000-0000000000c1';
    const sent: Record<string, unknown>[] = [];
    const uploads: string[] = [];
    const fetched: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:door'), revokeObjectURL: vi.fn() }));
    // ProseMirror scrolls the inserted image into view: jsdom lays nothing out.
    const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    const rect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
    Element.prototype.getClientRects ??= noRects;
    Range.prototype.getClientRects ??= noRects;
    Range.prototype.getBoundingClientRect ??= rect;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = decodeURIComponent(String(input));
        if (url.includes('/categories/')) return json({ count: 0, next: null, previous: null, results: [] });
        if (url.includes('/api/presence/')) return init?.method === 'DELETE' ? new Response(null, { status: 204 }) : json([]);
        if (url.endsWith(`/articles/${ID}/attachments/`) && init?.method === 'POST') {
          const file = (init.body as FormData).get('attachment') as File;
          uploads.push(file.name);
          if (file.name.endsWith('.gif')) return json({ attachment: ['Unsupported file type. Allowed types: JPEG, PNG.'] }, 400);
          return json({ id: IMAGE, attachment: `http://localhost/api/knowledge/articles/${ID}/attachments/${IMAGE}/download/`, file_name: file.name, content_type: 'image/png', size: 4, uploaded_by: null, uploaded_at: '2026-11-01T00:00:00.000Z' }, 201);
        }
        if (url.endsWith(`/articles/${ID}/attachments/${IMAGE}/download/`)) {
          fetched.push(url);
          return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { 'content-type': 'image/png' } });
        }
        if (init?.method === 'PUT') {
          sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
          return json({ ...article, version: 3 }, 200, { ETag: '"knowledge_article-a1-3"' });
        }
        return json({ detail: 'Not found.' }, 404);
      }),
    );
    const onSaved = renderEditor({ ...article });
    const button = await screen.findByRole('button', { name: 'Insert image' }, { timeout: 30_000 });
    const input = document.querySelector<HTMLInputElement>('input[type="file"][accept="image/png,image/jpeg"]')!;
    fireEvent.mouseDown(button);
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'door.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Unsupported file type. Allowed types: JPEG, PNG.', undefined, { timeout: 10_000 })).toBeTruthy();

    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'door.png', { type: 'image/png' })] } });
    // The image shows in the text, its file read through the article's download (with the user's token).
    await vi.waitFor(() => expect(document.querySelector(`img[data-attachment="${IMAGE}"]`)?.getAttribute('src')).toBe('blob:door'), { timeout: 10_000 });
    expect(uploads).toEqual(['door.gif', 'door.png']);
    expect(fetched).toHaveLength(1);
    expect(screen.queryByText('Unsupported file type. Allowed types: JPEG, PNG.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 30_000 });
    expect((sent[0]!.body as { content: unknown[] }).content).toContainEqual({ type: 'image', attrs: { attachment: IMAGE, alt: 'door' } });
  });

  it('offers no image upload before a new article exists', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/categories/') ? json({ count: 0, next: null, previous: null, results: [] }) : json({ detail: 'Not found.' }, 404),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SnackbarProvider>
          <MemoryRouter>
            <ArticleEditor onSaved={() => undefined} onCancel={() => undefined} />
          </MemoryRouter>
        </SnackbarProvider>
      </QueryClientProvider>,
    );
    const button = await screen.findByRole('button', { name: 'Insert image' }, { timeout: 30_000 });
    expect(button).toHaveProperty('disabled', true);
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });
});
