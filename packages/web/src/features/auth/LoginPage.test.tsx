import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LoginPage } from './LoginPage';
import { clearToken } from '../../api/auth-token';

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

describe('LoginPage: the second step', () => {
  // Signed out before each (the tests above sign in).
  beforeEach(() => clearToken());
  const user = {
    id: '0190d0b4-0000-7000-8000-000000000002',
    email: 'tess@example.test',
    first_name: 'Tess',
    last_name: 'Totp',
    full_name: 'Tess Totp',
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
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('asks for the code after the password, shows a wrong one clearly, then signs in; a recovery code is the other way', async () => {
    const { fireEvent } = await import('@testing-library/react');
    const expiry = new Date(Date.now() + 3600_000).toISOString();
    const bodies: Record<string, unknown>[] = [];
    let mfaAnswers = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url === '/api/identity/auth/oidc/') return json({ enabled: false, name: null, login_url: null });
        if (url === '/api/identity/auth/knox/login/') return json({ mfa_required: true, mfa_token: 'm'.repeat(64), methods: ['totp', 'recovery_code'] });
        if (url === '/api/identity/auth/mfa/') {
          bodies.push(JSON.parse(String(init?.body)));
          mfaAnswers += 1;
          if (mfaAnswers === 1) return json({ non_field_errors: ['The code is wrong, was used already, or the sign-in has expired.'] }, 400);
          return json({ token: 'b'.repeat(64), expiry, user });
        }
        return json({}, 404);
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/login?next=%2Fall-tickets']}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/all-tickets" element={<p>All tickets</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: user.email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const codeField = await screen.findByLabelText('Code from your authenticator app', undefined, { timeout: 15_000 });
    expect(screen.getByRole('heading', { name: 'Confirm it is you' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();

    // Not six digits: said on the field, nothing sent.
    fireEvent.change(codeField, { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    // A wrong code: the server's 400, in words.
    fireEvent.change(codeField, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('it is wrong or was used already');
    expect(bodies[0]).toEqual({ mfa_token: 'm'.repeat(64), code: '123456' });

    // A recovery code instead.
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: ' k7pq-x2m9-4hdt ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('All tickets', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(bodies[1]).toEqual({ mfa_token: 'm'.repeat(64), recovery_code: 'k7pq-x2m9-4hdt' });
    expect(JSON.parse(localStorage.getItem('ops.auth') ?? '{}')).toMatchObject({ token: 'b'.repeat(64) });
    localStorage.clear();
  }, 30_000);

  it('offers "Use a passkey" when the account has one, and goes back to the password with "Back to sign in"', async () => {
    const { fireEvent } = await import('@testing-library/react');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url === '/api/identity/auth/knox/login/') return json({ mfa_required: true, mfa_token: 'm'.repeat(64), methods: ['passkey'] });
        return json({ enabled: false, name: null, login_url: null });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: user.email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Use a passkey' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  }, 30_000);
});
