import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { BULK_NOUNS } from '../bulk-change';
import { BulkChangeDialog } from './BulkChangeDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const JOB = '0190d0b4-0000-7000-8000-00000000000a';
const USER = '0190d0b4-0000-7000-8000-000000000001';
const A = '0190d0b4-0000-7000-8000-0000000000a1';
const B = '0190d0b4-0000-7000-8000-0000000000b2';

const job = (over: Record<string, unknown>) => ({
  id: JOB,
  kind: 'bulk_change',
  resource: 'clients',
  status: 'RUNNING',
  total: 2,
  done: 1,
  errors: [],
  error_count: 0,
  failure: null,
  undo: null,
  created_by: USER,
  created_at: '2026-11-25T10:00:00Z',
  finished_at: null,
  ...over,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  let polls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'POST' && url === '/api/bulk/clients/') return json({ job: JOB }, 202);
      if (method === 'GET' && url === `/api/jobs/${JOB}/`) {
        polls += 1;
        if (polls === 1) return json(job({}));
        return json(
          job({
            status: 'SUCCEEDED',
            done: 2,
            error_count: 1,
            errors: [{ id: B, field: 'relation_status', message: 'Not allowed for this client.' }],
            finished_at: '2026-11-25T10:00:02Z',
          }),
        );
      }
      if (method === 'POST' && url === `/api/jobs/${JOB}/undo/`)
        return json(job({ status: 'UNDONE', done: 2, undo: { restored: 1, deleted: 0, skipped: [] } }));
      return json({}, 404);
    }),
  );
  const clear = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SnackbarProvider>
        <BulkChangeDialog
          resource="clients"
          nouns={BULK_NOUNS.clients}
          fields={[{ name: 'relation_status', label: 'Relation status', kind: 'enum', values: ['ACTIVE', 'INACTIVE'] }]}
          context={{ ids: [A, B], count: 2, query: { limit: '25', offset: '0', filters: '{"name":"x"}' }, clear }}
          invalidate={['records']}
          onClose={onClose}
        />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { calls, clear, onClose };
}

describe('BulkChangeDialog', () => {
  it('asks for a value, confirms with the count, sends the ids, shows progress and the errors per record, and undoes from the toast', async () => {
    const { calls, clear, onClose } = setup();
    const dialog = screen.getByRole('dialog', { name: 'Bulk change' });
    expect(within(dialog).getByText('2 clients selected.')).toBeInTheDocument();

    // A choice needs a value.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Choose the new relation status.')).toBeInTheDocument();

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /New relation status/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Change relation status on 2 clients?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change 2 clients' }));

    expect(await within(dialog).findByText('Changing… 1 of 2 clients')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/bulk/clients/')?.body).toEqual({
      ids: [A, B],
      changes: { relation_status: 'INACTIVE' },
    });
    expect(clear).toHaveBeenCalled();

    expect(await within(dialog).findByText('Not allowed for this client.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(dialog).getByText(/1 client could not be changed/)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled(); // the errors stay on screen

    // The toast says what changed; the dialog, which stays open over it, offers the same Undo.
    expect(await screen.findByText('Changed 1 client')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: 1 client restored')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.url === `/api/jobs/${JOB}/undo/`)).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Undo' })).toBeDisabled();
    await vi.waitFor(() => expect(screen.queryByText('Changed 1 client')).toBeNull(), { timeout: 3000 });
  });
});
