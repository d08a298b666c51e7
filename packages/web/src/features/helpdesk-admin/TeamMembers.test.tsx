import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TeamMembers } from './HelpdeskAdminPages';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const A = '0190d0b4-0000-7000-8000-0000000000a1';
const B = '0190d0b4-0000-7000-8000-0000000000b2';
const C = '0190d0b4-0000-7000-8000-0000000000c3';

describe("a team's members (issue 38 point 13)", () => {
  it('are named, in name order; one the caller cannot see is counted', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        const results = [
          { id: B, full_name: 'Zoe Zimmer', email: 'zoe@example.com' },
          { id: A, full_name: 'Ann Archer', email: 'ann@example.com' },
        ];
        return new Response(JSON.stringify({ count: 2, next: null, previous: null, results }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TeamMembers ids={[A, B, C]} />
      </QueryClientProvider>,
    );
    await screen.findByText('Ann Archer, Zoe Zimmer, 1 other', undefined, { timeout: 10_000 });
    expect(decodeURIComponent(urls[0]!)).toContain('/api/identity/users/');
  });

  it('says so when there are none', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TeamMembers ids={[]} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('No members')).toBeTruthy();
  });
});
