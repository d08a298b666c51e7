import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { shareKeepingTags } from '../../api/entity-tags';
import { SiteCheckTemplatePage } from './SiteCheckAdminPages';

// The template editor saves against the template it showed (If-Match, platform §14.6); on a 412 it shows
// each differing field both ways (the shared conflict view) and saves the choices against their version.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '0190d0b4-0000-7000-8000-0000000000b1';
const step = (key: string, label: string, extra: Record<string, unknown> = {}) => ({
  key,
  label,
  kind: 'CHECK',
  required: true,
  help: '',
  unit: null,
  min: null,
  max: null,
  choices: [],
  fail_choices: [],
  ...extra,
});
const loaded = {
  id: ID,
  name: 'Kitchen opening',
  description: 'Before the first order',
  active: true,
  version: 1,
  steps: [step('fridge', 'Fridge temperature', { kind: 'NUMBER', unit: '°C', min: 0, max: 5 })],
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};
const theirs = {
  ...loaded,
  description: 'Before the doors open',
  steps: [...loaded.steps, step('bins', 'Bins emptied')],
  updated_at: '2026-11-02T00:00:00.000Z',
};
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, structuralSharing: shareKeepingTags } } });
  client.setQueryData(['identity', 'permissions'], {
    permissions: { Admin: { sitechecktemplate: { read: true, add: true, change: true, delete: true } } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/sitechecks/templates/${ID}`]}>
        <Routes>
          <Route path="/sitechecks/templates/:id" element={<SiteCheckTemplatePage />} />
          <Route path="/sitechecks/templates" element={<p>Template list</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the site check template editor', () => {
  it('saves against the loaded version (If-Match); on a 412 shows each field both ways and saves the choices against theirs', async () => {
    const sent: { method: string; ifMatch: string | null; body: Record<string, unknown> | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = decodeURIComponent(String(input));
        const method = init?.method ?? 'GET';
        if (!url.includes(`/api/sitechecks/templates/${ID}/`)) return json({ detail: 'Not found.' }, 404);
        if (method === 'GET') return json(loaded, 200, { ETag: `"sitechecks_template-${ID}-1"` });
        const ifMatch = new Headers(init?.headers).get('If-Match');
        sent.push({ method, ifMatch, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null });
        if (ifMatch === `"sitechecks_template-${ID}-1"`)
          return json({ detail: 'This record was changed by someone else.', current: theirs }, 412, {
            ETag: `"sitechecks_template-${ID}-2"`,
          });
        return json({ ...theirs, ...(sent.at(-1)!.body ?? {}), updated_at: '2026-11-03T00:00:00.000Z' }, 200, {
          ETag: `"sitechecks_template-${ID}-3"`,
        });
      }),
    );
    renderPage();
    const nameField = await screen.findByLabelText(/Name/, undefined, { timeout: 10_000 });
    await vi.waitFor(() => expect((nameField as HTMLInputElement).value).toBe('Kitchen opening'));
    fireEvent.change(nameField, { target: { value: 'Kitchen opening (summer)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));

    const table = await screen.findByRole('table', { name: 'Changes to resolve' }, { timeout: 10_000 });
    expect(sent[0]).toMatchObject({ method: 'PUT', ifMatch: `"sitechecks_template-${ID}-1"` });
    // Name: only I changed it (mine kept); description and steps: only they changed them (theirs kept).
    const nameRow = within(table).getByRole('row', { name: /Name/ });
    expect(within(nameRow).getByRole('radio', { name: 'Mine' })).toHaveProperty('checked', true);
    const descriptionRow = within(table).getByRole('row', { name: /Description/ });
    expect(within(descriptionRow).getByText('Before the doors open')).toBeTruthy();
    expect(within(descriptionRow).getByRole('radio', { name: 'Theirs' })).toHaveProperty('checked', true);
    const stepsRow = within(table).getByRole('row', { name: /Steps/ });
    expect(within(stepsRow).getByText(/2\. Bins emptied: Yes \/ no check/)).toBeTruthy();
    expect(within(stepsRow).getAllByText(/1\. Fridge temperature: Number \(reading\), between 0 and 5 °C/)).toHaveLength(2);
    // I keep my description after all (nothing typed is lost: it is still there to choose).
    fireEvent.click(within(descriptionRow).getByRole('radio', { name: 'Mine' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save with these choices' }));
    await screen.findByText('Saved.', undefined, { timeout: 10_000 });
    expect(sent[1]!.ifMatch).toBe(`"sitechecks_template-${ID}-2"`);
    expect(sent[1]!.body).toMatchObject({ name: 'Kitchen opening (summer)', description: 'Before the first order' });
    expect((sent[1]!.body!.steps as { key: string }[]).map((s) => s.key)).toEqual(['fridge', 'bins']);
  });

  it('deletes against the version shown: a 412 deletes nothing and says so', async () => {
    const sent: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        if (!String(input).includes(`/api/sitechecks/templates/${ID}/`)) return json({ detail: 'Not found.' }, 404);
        if (method === 'GET') return json(loaded, 200, { ETag: `"sitechecks_template-${ID}-1"` });
        sent.push(new Headers(init?.headers).get('If-Match'));
        if (sent.length === 1)
          return json({ detail: 'This record was changed by someone else.', current: theirs }, 412, {
            ETag: `"sitechecks_template-${ID}-2"`,
          });
        return new Response(null, { status: 204 });
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }, { timeout: 10_000 }));
    await screen.findByText(/so it was not deleted/, undefined, { timeout: 10_000 });
    expect(sent).toEqual([`"sitechecks_template-${ID}-1"`]);
    // Their version is shown; deleting again is against it.
    await vi.waitFor(() =>
      expect((screen.getByLabelText(/Description/) as HTMLTextAreaElement).value).toBe('Before the doors open'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Template list', undefined, { timeout: 10_000 });
    expect(sent[1]).toBe(`"sitechecks_template-${ID}-2"`);
  });
});
