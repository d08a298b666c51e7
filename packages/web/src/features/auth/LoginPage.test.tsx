import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LoginPage } from './LoginPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(url: string, oidc: { enabled: boolean; name: string | null; login_url: string | null }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) === '/api/identity/auth/oidc/')
      return new Response(JSON.stringify(oidc), { headers: { 'content-type': 'application/json' } });
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('LoginPage: sign in with Google', () => {
  it('offers "Sign in with Google" when the server has it on, keeping the page asked for', async () => {
    renderAt('/login?next=%2Fall-tickets', { enabled: true, name: 'Google', login_url: '/api/identity/auth/oidc/login/' });
    const link = await screen.findByRole('link', { name: 'Sign in with Google' });
    expect(link).toHaveAttribute('href', '/api/identity/auth/oidc/login/?next=%2Fall-tickets');
  });

  it('shows no provider button when it is off', async () => {
    const fetchMock = renderAt('/login', { enabled: false, name: null, login_url: null });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('says why a provider sign-in was refused', async () => {
    renderAt('/login?sso_error=no_account', { enabled: true, name: 'Google', login_url: '/api/identity/auth/oidc/login/' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No active account uses this e-mail address. Ask an administrator for access.',
    );
    await screen.findByRole('link', { name: 'Sign in with Google' });
  });
});

describe('LoginPage: back from the provider', () => {
  it('exchanges the hand-over once for a token and goes to the page asked for', async () => {
    const user = {
      id: '0190d0b4-0000-7000-8000-000000000001',
      email: 'gina@example.test',
      first_name: 'Gina',
      last_name: 'Google',
      full_name: 'Gina Google',
      reporting_manager: null,
      groups: [],
      last_login: null,
      is_superuser: false,
      is_staff: true,
      is_active: true,
      date_joined: '2026-01-01T00:00:00Z',
      user_type: 2,
      directory_sync: false,
    };
    const expiry = new Date(Date.now() + 3600_000).toISOString();
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.includes('/api/identity/auth/oidc/token/'))
          return new Response(JSON.stringify({ token: 'a'.repeat(64), expiry, user }), {
            headers: { 'content-type': 'application/json' },
          });
        return new Response(JSON.stringify({ enabled: true, name: 'Google', login_url: '/api/identity/auth/oidc/login/' }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/login?sso=done&next=%2Fall-tickets']}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/all-tickets" element={<p>All tickets</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // The sign-in module (with the contract schemas) loads on demand: give it time.
    expect(await screen.findByText('All tickets', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('POST') && call.includes('/api/identity/auth/oidc/token/'))).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('ops.auth') ?? '{}')).toMatchObject({ token: 'a'.repeat(64), expiry });
    localStorage.clear();
  });
});
