import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RecordDetailFrame } from './RecordDetailFrame';

afterEach(cleanup);

const tabs = [
  { id: 'details', label: 'Details', content: <p>The details</p> },
  { id: 'contacts', label: 'Contacts', content: <p>The contacts</p> },
  { id: 'history', label: 'History', content: <p>The history</p> },
];

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/clients/:id',
        element: <RecordDetailFrame status={{ isPending: false, error: null, refetch: () => undefined }} title="Harbour Health" listPath="/clients" listTitle="Clients" tabs={tabs} />,
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('record page tabs in the address (issue 38 point 13)', () => {
  it('opens the tab a link names, so a reload or a shared link keeps it', () => {
    renderAt('/clients/42?tab=contacts');
    expect(screen.getByRole('tab', { name: 'Contacts' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('The contacts')).toBeTruthy();
  });

  it('a chosen tab goes into the address; the first tab leaves it clean; an unknown tab shows the first', () => {
    const router = renderAt('/clients/42');
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(router.state.location.search).toBe('?tab=history');
    expect(screen.getByText('The history')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expect(router.state.location.search).toBe('');
    cleanup();
    renderAt('/clients/42?tab=nonsense');
    expect(screen.getByText('The details')).toBeTruthy();
  });
});
