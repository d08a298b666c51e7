import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from '@ops/contract/notifications/notifications.values';
import { NotificationSettingsPage } from './NotificationSettingsPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(putAnswer?: (body: unknown) => Response) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/notifications/preferences/kinds/') return json(NOTIFICATION_KINDS.map((kind) => ({ kind, label: NOTIFICATION_KIND_LABELS[kind] })));
      if (url.pathname === '/api/notifications/preferences/' && method === 'PUT') {
        const body = JSON.parse(String(init?.body));
        puts.push(body);
        return putAnswer ? putAnswer(body) : json(body);
      }
      if (url.pathname === '/api/notifications/preferences/') return json({ channels: {}, quiet_hours: null, digest: 'NONE', digest_time: '08:00' });
      if (url.pathname === '/api/notifications/push/subscriptions/') return json([]);
      return json({}, 404);
    }),
  );
  const router = createMemoryRouter([{ path: '/notification-settings', element: <NotificationSettingsPage /> }, { path: '*', element: null }], {
    initialEntries: ['/notification-settings'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return puts;
}

describe('notification settings page', () => {
  it('shows the defaults and saves a kind turned off in-app, quiet hours and a digest with PUT', async () => {
    const puts = serve();
    const assignedInApp = (await screen.findByRole('checkbox', { name: 'Ticket assigned: In app' }, { timeout: 10_000 })) as HTMLInputElement;
    expect(assignedInApp.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Ticket assigned: E-mail' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Job finished: E-mail' }) as HTMLInputElement).checked).toBe(false);
    const save = screen.getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(assignedInApp);
    fireEvent.click(screen.getByRole('switch', { name: 'Hold e-mail and push during quiet hours' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '21:00' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Daily' }));
    fireEvent.change(screen.getByLabelText('At'), { target: { value: '07:30' } });
    fireEvent.click(save);
    await waitFor(() => expect(puts).toHaveLength(1));
    const body = puts[0] as { channels: Record<string, unknown>; quiet_hours: unknown; digest: string; digest_time: string };
    expect(body.channels.ticket_assigned).toEqual({ in_app: false, email: true, push: false });
    expect(body.channels.mentioned).toEqual({ in_app: true, email: true, push: false });
    expect(body).toMatchObject({ quiet_hours: { start: '21:00', end: '07:00' }, digest: 'DAILY', digest_time: '07:30' });
    await screen.findByText('Notification settings saved.');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true));
  });

  it('does not send equal quiet-hour times, and shows the fields a 400 names', async () => {
    const puts = serve(() => json({ digest_time: ['Enter a time as HH:MM.'] }, 400));
    fireEvent.click(await screen.findByRole('switch', { name: 'Hold e-mail and push during quiet hours' }, { timeout: 10_000 }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '07:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The end must differ from the start.');
    expect(puts).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '08:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('digest_time: Enter a time as HH:MM.');
    expect(puts).toHaveLength(1);
  });

  it('says when this browser cannot receive push', async () => {
    serve();
    await screen.findByText('This browser cannot receive push notifications.', undefined, { timeout: 10_000 });
  });
});
