import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
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
