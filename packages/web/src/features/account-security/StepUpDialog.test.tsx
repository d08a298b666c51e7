import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { clearToken, storeToken } from '../../api/auth-token';
import { StepUpDialog } from './StepUpDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearToken();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('StepUpDialog', () => {
  it('confirms with the password (a wrong one said clearly), or offers the code when the user has an authenticator app', async () => {
    storeToken({ token: 't'.repeat(64), expiry: new Date(Date.now() + 3600_000).toISOString() });
    const sent: unknown[] = [];
    let stepUps = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url === '/api/identity/mfa/') return json({ totp: true, passkeys: [], recovery_codes_left: 10 });
        if (url === '/api/identity/auth/step-up/') {
          sent.push(JSON.parse(String(init?.body)));
          stepUps += 1;
          return stepUps === 1 ? json({ non_field_errors: ['The password is wrong.'] }, 400) : json({ detail: 'Confirmed.', verified_until: new Date().toISOString() });
        }
        return json({}, 404);
      }),
    );
    const onClose = vi.fn();
    render(<StepUpDialog open onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Confirm it is you' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your password.');
    expect(sent).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The password is wrong.'));
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(await screen.findByRole('button', { name: 'Use a code from your authenticator app instead' }));
    fireEvent.change(screen.getByLabelText('Code from your authenticator app'), { target: { value: '654 321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(sent).toEqual([{ password: 'wrong-one' }, { code: '654321' }]);
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });

  it('Cancel answers false', () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ totp: false, passkeys: [], recovery_codes_left: 0 })));
    const onClose = vi.fn();
    render(<StepUpDialog open onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });
});
