import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { useState } from 'react';
import { ArticleSuggestions } from './ArticleSuggestions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const suggestion = {
  id: '0190d0b4-0000-7000-8000-0000000000a1',
  title: 'Dishwasher failure',
  category: null,
  excerpt: 'Switch it off at the wall.',
};

function Harness({ onOpen }: { onOpen: () => void }) {
  const [title, setTitle] = useState('');
  return (
    <>
      <input aria-label="Title" value={title} onChange={(event) => setTitle(event.target.value)} />
      <ArticleSuggestions title={title} costCentre="0190d0b4-0000-7000-8000-0000000000c1" onOpen={onOpen} />
    </>
  );
}

describe('"These may help" under a ticket title', () => {
  it('asks once typing pauses, for the site, and lists what the server suggests', async () => {
    const calls: string[] = [];
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${decodeURIComponent(String(input))}`);
        if (init?.body) bodies.push(JSON.parse(String(init.body)));
        if (init?.method === 'POST') return new Response(null, { status: 204 });
        return new Response(JSON.stringify({ results: [suggestion] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const onOpen = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Harness onOpen={onOpen} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const input = screen.getByLabelText('Title');
    fireEvent.change(input, { target: { value: 'di' } });
    fireEvent.change(input, { target: { value: 'dishwaser' } });
    fireEvent.change(input, { target: { value: 'dishwaser broken' } });
    const link = await screen.findByRole('link', { name: /Dishwasher failure/ }, { timeout: 5_000 });
    expect(screen.getByRole('region', { name: 'These may help' })).toBeTruthy();
    // One request, for the settled words, at the site.
    expect(calls).toEqual(['GET /api/knowledge/suggest/?q=dishwaser+broken&cost_centre=0190d0b4-0000-7000-8000-0000000000c1']);
    fireEvent.click(link);
    expect(onOpen).toHaveBeenCalled();
    // Opening it is recorded for tickets avoided, with this ticket's session; a second open sends the same session.
    fireEvent.click(await screen.findByRole('link', { name: /Dishwasher failure/ }));
    await vi.waitFor(() => expect(calls.filter((call) => call.startsWith('POST'))).toHaveLength(2));
    expect(calls[1]).toBe(`POST /api/knowledge/articles/${suggestion.id}/opened/`);
    expect(bodies[0]).toEqual({ session: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it('asks nothing for fewer than three characters', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Harness onOpen={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'ab' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'These may help' })).toBeNull();
  });
});
