import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { BULK_NOUNS } from '../bulk-change';
import { fieldLabeller } from '../imports';
import { ImportDialog } from './ImportDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const IMPORT = '0190d0b4-0000-7000-8000-0000000000f1';
const JOB = '0190d0b4-0000-7000-8000-00000000000a';
const USER = '0190d0b4-0000-7000-8000-000000000001';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const uploaded = {
  id: IMPORT,
  resource: 'clients',
  file_name: 'clients.csv',
  columns: ['Client', 'Account number', 'Legal entity'],
  suggested_mapping: { 'Account number': 'account_number', 'Legal entity': 'legal_entity' },
  fields: ['name', 'account_number', 'legal_entity', 'abn'],
  required: ['name', 'account_number', 'legal_entity'],
  match_keys: ['account_number', 'abn'],
  rows: 3,
  preview: [['Harbour Cafe', 'A-1', 'Foods']],
};

function setup() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      calls.push({ method, url, body });
      if (method === 'POST' && url === '/api/imports/') return json(uploaded, 201);
      if (method === 'POST' && url === `/api/imports/${IMPORT}/dry-run/`)
        return json({
          create: 1,
          update: 1,
          skip: 0,
          invalid: [{ row: 4, field: 'legal_entity', message: '"Nope" does not exist (or is not in your allocation).' }],
          invalid_count: 1,
        });
      if (method === 'POST' && url === `/api/imports/${IMPORT}/run/`) return json({ job: JOB }, 202);
      if (method === 'GET' && url === `/api/jobs/${JOB}/`)
        return json({
          id: JOB,
          kind: 'import',
          resource: 'clients',
          status: 'SUCCEEDED',
          total: 3,
          done: 3,
          errors: [],
          error_count: 0,
          failure: null,
          undo: null,
          created_by: USER,
          created_at: '2026-11-25T10:00:00Z',
          finished_at: '2026-11-25T10:00:02Z',
        });
      return json({}, 404);
    }),
  );
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SnackbarProvider>
        <ImportDialog
          resource="clients"
          nouns={BULK_NOUNS.clients}
          label={fieldLabeller([{ name: 'name', label: 'Name', kind: 'text' }])}
          canChange
          invalidate={['records']}
          onClose={onClose}
        />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { calls, onClose };
}

describe('ImportDialog', () => {
  it(
    'uploads the file, sends the edited mapping and match to the dry run, shows its counts and invalid rows, then runs the same body',
    { timeout: 30_000 },
    async () => {
      const { calls, onClose } = setup();
      const dialog = screen.getByRole('dialog', { name: 'Import clients' });
      fireEvent.change(within(dialog).getByLabelText('File to import'), {
        target: { files: [new File(['Client,Account number,Legal entity\n'], 'clients.csv', { type: 'text/csv' })] },
      });
      expect(await within(dialog).findByText('Name: not mapped')).toBeInTheDocument();
      const upload = calls.find((call) => call.url === '/api/imports/')!;
      expect((upload.body as FormData).get('resource')).toBe('clients');

      fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Import column “Client” as' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Name *' }));
      expect(await within(dialog).findByText('Name: from “Client”')).toBeInTheDocument();
      expect(within(dialog).getByRole('radio', { name: 'Match on Account number' })).toBeChecked();
      expect(within(dialog).getByRole('radio', { name: /Match on ABN/ })).toBeDisabled();
      fireEvent.click(within(dialog).getByRole('radio', { name: 'Skip the row' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));

      expect(await within(dialog).findByText('1 invalid row, left out of the import')).toBeInTheDocument();
      const expected = {
        mapping: { Client: 'name', 'Account number': 'account_number', 'Legal entity': 'legal_entity' },
        match_on: 'account_number',
        on_match: 'skip',
      };
      expect(calls.find((call) => call.url.endsWith('/dry-run/'))!.body).toEqual(expected);
      const row = within(within(dialog).getByRole('table')).getAllByRole('row')[1]!;
      expect(within(row).getByText('4')).toBeInTheDocument();
      expect(within(row).getByText('Legal entity')).toBeInTheDocument();

      fireEvent.click(within(dialog).getByRole('button', { name: 'Import 2 clients' }));
      expect(await screen.findByText('Imported 3 clients')).toBeInTheDocument();
      expect(calls.find((call) => call.url.endsWith('/run/'))!.body).toEqual(expected);
      expect(onClose).toHaveBeenCalled();
    },
  );
});
