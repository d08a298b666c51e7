import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AUDIT_ACTIONS } from '@ops/contract/audit/audit.values';
import { EraseUserDialog } from './PersonDataPanel';
import { parseDraft, draftOf } from './RetentionForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER = { id: '0190d0b4-0000-7000-8000-000000000001', full_name: 'Ada Lovelace', email: 'ada@example.com' } as never;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderErase(answer: Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return answer;
    }),
  );
  const onErased = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <EraseUserDialog user={USER} open onClose={() => {}} onErased={onErased} />
    </QueryClientProvider>,
  );
  return { calls, onErased };
}

describe('erase a person', () => {
  it('says what happens and erases only once the name is typed', async () => {
    const { calls, onErased } = renderErase(json({ id: '0190d0b4-0000-7000-8000-000000000001', name: 'Former user 7' }));
    expect(screen.getByText(/finance and payroll records stay/)).toBeTruthy();
    const erase = screen.getByRole('button', { name: 'Erase this person' });
    expect((erase as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Type “Ada Lovelace” to confirm/), { target: { value: 'Ada' } });
    expect((erase as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Type “Ada Lovelace” to confirm/), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(erase);
    await waitFor(() => expect(onErased).toHaveBeenCalledWith('Former user 7'));
    expect(calls).toEqual(['POST /api/identity/users/0190d0b4-0000-7000-8000-000000000001/erase/']);
  });

  it('shows the refusal the server gives (the last admin)', async () => {
    const { onErased } = renderErase(json({ detail: 'The last administrator cannot be erased.' }, 409));
    fireEvent.change(screen.getByLabelText(/to confirm/), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Erase this person' }));
    expect(await screen.findByText('The last administrator cannot be erased.')).toBeTruthy();
    expect(onErased).not.toHaveBeenCalled();
  });
});

describe('retention form values', () => {
  const forever = Object.fromEntries(AUDIT_ACTIONS.map((action) => [action, null])) as never;

  it('reads empty as forever and numbers as days', () => {
    const draft: Record<string, string> = { ...draftOf(forever), login: ' 90 ' };
    expect(draft.update).toBe('');
    expect(parseDraft(draft)).toEqual({ value: { ...(forever as object), login: 90 } });
  });

  it('names the action whose days the contract refuses', () => {
    const result = parseDraft({ ...draftOf(forever), login: '0', update: '1.5', delete: 'abc' });
    expect('errors' in result && result.errors).toEqual({
      login: 'At least 1 day.',
      update: 'Enter a whole number of days, or leave empty to keep forever.',
      delete: 'Enter a whole number of days, or leave empty to keep forever.',
    });
  });
});
